import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Language } from "../i18n/catalogue.js";
import type { MailWords } from "../i18n/mail-words.js";
import { cssColour, type MailBrand } from "./brand.js";
import type { MailContent } from "./mail-content.js";

/*
 * The one layout of every mail, in React Email's components (tables that hold in Gmail, Outlook
 * and Apple Mail, inline styles). Colours are written rgb(r,g,b): a hex colour can be a run of six
 * digits, and a mailed code must be the only one. Dark mode: the page declares both schemes, and a
 * media query (Apple Mail, Outlook for Mac, some Android apps) swaps the card and text colours;
 * clients that invert on their own (Gmail, Outlook.com) get light colours of enough contrast to
 * invert well. The only image is the team's own logo.
 */

const TEXT = "rgb(31,41,51)";
const MUTED = "rgb(82,96,109)";
const PAGE = "rgb(242,244,247)";
const CARD = "rgb(255,255,255)";
const RULE = "rgb(217,222,228)";
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Hiragino Sans','Noto Sans JP',sans-serif";

const DARK_MODE = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){
.gh-page,.gh-page>table>tbody>tr>td{background-color:rgb(17,19,23)!important}
.gh-card{background-color:rgb(31,35,41)!important;border-color:rgb(55,61,70)!important}
.gh-text{color:rgb(230,233,237)!important}
.gh-muted{color:rgb(168,176,186)!important}
.gh-rule{border-top-color:rgb(55,61,70)!important}
.gh-code{background-color:rgb(45,50,58)!important;color:rgb(240,242,245)!important}
}`;

const text: CSSProperties = { color: TEXT, fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" };
const small: CSSProperties = { color: MUTED, fontSize: "13px", lineHeight: "20px", margin: "0 0 12px" };

/** A line with the code set apart where it stands (it is in the line once). */
function withCode(line: string, code: string | undefined): ReactNode {
  if (!code || !line.includes(code)) return line;
  const at = line.indexOf(code);
  return (
    <>
      {line.slice(0, at)}
      <strong
        className="gh-code"
        style={{
          fontFamily: "ui-monospace,Menlo,Consolas,monospace",
          fontSize: "20px",
          letterSpacing: "2px",
          backgroundColor: "rgb(238,241,245)",
          padding: "2px 6px",
          borderRadius: "4px",
          color: TEXT,
        }}
      >
        {code}
      </strong>
      {line.slice(at + code.length)}
    </>
  );
}

interface LayoutProps {
  content: MailContent;
  brand: MailBrand;
  language: Language;
  words: MailWords;
}

function MailLayout({ content, brand, language, words }: LayoutProps): ReactNode {
  const accent = cssColour(brand.accent);
  return (
    <html lang={language}>
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.subject}</title>
        <style dangerouslySetInnerHTML={{ __html: DARK_MODE }} />
      </Head>
      <Preview>{content.preheader}</Preview>
      <Body className="gh-page" style={{ backgroundColor: PAGE, margin: "0", padding: "24px 0", fontFamily: FONT }}>
        <Container className="gh-card" style={{ maxWidth: "560px", backgroundColor: CARD, border: `1px solid ${RULE}`, borderRadius: "8px" }}>
          <Section style={{ padding: "24px 32px 0" }}>
            {brand.logoURL ? (
              <Img src={brand.logoURL} alt={brand.appName} height="32" style={{ height: "32px", width: "auto", border: "0" }} />
            ) : (
              <Text className="gh-text" style={{ ...text, fontSize: "18px", fontWeight: 700, margin: "0" }}>
                {brand.appName}
              </Text>
            )}
          </Section>
          <Section style={{ padding: "8px 32px 8px" }}>
            <Heading as="h1" className="gh-text" style={{ color: TEXT, fontSize: "22px", lineHeight: "30px", margin: "16px 0" }}>
              {content.heading}
            </Heading>
            <Text className="gh-text" style={text}>
              {content.greeting}
            </Text>
            {content.lines.map((line, index) => (
              <Text key={index} className="gh-text" style={text}>
                {withCode(line, content.code)}
              </Text>
            ))}
            {content.list ? (
              <>
                <ul className="gh-text" style={{ ...text, paddingLeft: "24px" }}>
                  {content.list.items.map((item, index) => (
                    <li key={index}>{item}</li>
                  ))}
                </ul>
                {content.list.after.map((line, index) => (
                  <Text key={index} className="gh-text" style={text}>
                    {line}
                  </Text>
                ))}
              </>
            ) : null}
            {content.action ? (
              <>
                <Section style={{ margin: "8px 0 24px" }}>
                  <Button
                    href={content.action.url}
                    style={{
                      backgroundColor: accent,
                      color: cssColour(brand.onAccent),
                      fontSize: "16px",
                      fontWeight: 600,
                      borderRadius: "6px",
                      padding: "12px 20px",
                      textDecoration: "none",
                    }}
                  >
                    {content.action.label}
                  </Button>
                </Section>
                <Text className="gh-muted" style={small}>
                  {words.buttonFallback}{" "}
                  <Link href={content.action.url} className="gh-text" style={{ color: TEXT, textDecoration: "underline", wordBreak: "break-all" }}>
                    {content.action.url}
                  </Link>
                </Text>
              </>
            ) : null}
            <Text className="gh-muted" style={small}>
              {content.footer}
            </Text>
            <Text className="gh-text" style={{ ...text, margin: "16px 0 8px" }}>
              — {brand.appName}
            </Text>
          </Section>
          {brand.supportEmail || brand.footer ? (
            <>
              <Hr className="gh-rule" style={{ border: "none", borderTop: `1px solid ${RULE}`, margin: "0" }} />
              <Section style={{ padding: "16px 32px 8px" }}>
                {brand.supportEmail ? (
                  <Text className="gh-muted" style={small}>
                    {words.support(brand.supportEmail)}
                  </Text>
                ) : null}
                {brand.footer ? (
                  <Text className="gh-muted" style={small}>
                    {brand.footer}
                  </Text>
                ) : null}
              </Section>
            </>
          ) : null}
        </Container>
      </Body>
    </html>
  );
}

/** XHTML 1.0 Transitional, the doctype mail clients handle best (React Email's own). */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Breaks the rendered page into lines between its blocks (none inside a sentence or a link): a
 * line stays far below SMTP's 998, and the transport can send the HTML as it is (mime-parts.ts).
 */
function lineBreaks(html: string): string {
  return (
    html
      .replace(/(<\/(?:tr|td|table|tbody|p|h1|ul|li|div|head|style|title)>|<(?:tbody|tr|body)\b[^>]*>|<(?:meta|hr)\b[^>]*>)(?=<)/g, "$1\n")
      // The preheader's padding (Preview: invisible characters that keep the body's first words out
      // of the inbox line) is one run of some 1,500 bytes: a line break every ten of its groups.
      .replace(/((?:\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff){10})/g, "$1\n")
  );
}

/**
 * The HTML of a mail: React Email's components rendered with React's own renderToStaticMarkup.
 * (@react-email/render would add a streaming render, html-to-text and an HTML parser that these
 * mails do not need: some 4 MB more resident in a server that has sent one.)
 */
export function renderMailHTML(content: MailContent, setting: { brand: MailBrand; language: Language; words: MailWords }): string {
  const page = renderToStaticMarkup(<MailLayout content={content} brand={setting.brand} language={setting.language} words={setting.words} />);
  // React 19 hints the logo to browsers with a preload link in the head: no use in a mail.
  return lineBreaks(`${DOCTYPE}${page.replace(/<link rel="preload" as="image"[^>]*>/g, "")}`);
}
