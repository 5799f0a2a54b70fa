import type { Language } from "../i18n/catalogue.js";
import { mailWords } from "../i18n/mail-catalogues.js";
import type { MailWords } from "../i18n/mail-words.js";
import { DEFAULT_BRAND, type MailBrand } from "./brand.js";
import type { MailMessage } from "./mailer.js";

/** What one mail says, before it is rendered (text and HTML carry the same words). */
export interface MailContent {
  to: string;
  subject: string;
  /** The line mail apps show beside the subject; never a code or a link. */
  preheader: string;
  heading: string;
  greeting: string;
  lines: string[];
  /** A list after the lines (what was removed), then more lines. */
  list?: { items: string[]; after: string[] };
  /** A code the lines carry once: the HTML sets it apart, in place. */
  code?: string;
  /** The button; a mail that only carries a code has none. */
  action?: { label: string; url: string };
  footer: string;
}

/** The brand and language a mail is written in; omitted: Gatehouse's defaults, in English. */
export interface MailSetting {
  brand: MailBrand;
  language: Language;
}

export const DEFAULT_SETTING: MailSetting = { brand: DEFAULT_BRAND, language: "en" };

export function wordsOf(setting: MailSetting | undefined): MailWords {
  return mailWords(setting?.language ?? "en");
}

/** The plain-text part: every link in full on its own line, the code once, the brand's lines at the end. */
function composeText(content: MailContent, brand: MailBrand, words: MailWords): string {
  const list = content.list ? [...content.list.items.map((item) => `- ${item}`), ...content.list.after] : [];
  const action = content.action ? ["", `${content.action.label}: ${content.action.url}`] : [];
  const brandLines = [brand.supportEmail ? words.support(brand.supportEmail) : null, brand.footer].filter((line): line is string => line !== null);
  return [
    content.greeting,
    "",
    ...content.lines,
    ...list,
    ...action,
    "",
    content.footer,
    "",
    `— ${brand.appName}`,
    ...(brandLines.length ? ["", ...brandLines] : []),
  ].join("\n");
}

/**
 * The mail as it is sent: the text part, and the HTML rendered with React Email. The layout and
 * its renderer (React's server renderer among it) are imported on the first mail, by the package
 * path that the server's bundle leaves out (scripts/bundle-server.mjs): a process that sends no
 * mail never loads them.
 */
export async function renderMail(content: MailContent, setting: MailSetting = DEFAULT_SETTING): Promise<MailMessage> {
  const words = mailWords(setting.language);
  const { renderMailHTML } = await import("@gatehouse/auth-core/mail-html");
  const html = renderMailHTML(content, { brand: setting.brand, language: setting.language, words });
  return { to: content.to, subject: content.subject, text: composeText(content, setting.brand, words), html };
}
