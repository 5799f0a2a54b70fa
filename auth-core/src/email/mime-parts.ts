import { randomBytes } from "node:crypto";
import type { MailMessage } from "./mailer.js";

/**
 * The text and HTML parts of a mail as MIME bodies that a transport sends as they are, for
 * nodemailer's `text: { raw }` / `html: { raw }`. Quoted-printable (nodemailer's choice for any
 * line over 76 characters) breaks long lines with soft line breaks, inside a link or next to a
 * code: a reader of the raw message, or a filter that does not decode it, then finds neither
 * whole. These parts are 7bit (ASCII) or 8bit (UTF-8) with CRLF line ends and no line over SMTP's
 * 998 octets, so every link and code stands in the raw message exactly as in the decoded one.
 * A part with a longer line (a value from outside the templates) is left to the transport (null).
 */

const MAX_LINE_OCTETS = 998;

export interface RawPart {
  raw: string;
}

function rawPart(contentType: "text/plain" | "text/html", body: string): RawPart | null {
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  if (lines.some((line) => Buffer.byteLength(line, "utf8") > MAX_LINE_OCTETS)) return null;
  // eslint-disable-next-line no-control-regex -- the test is for what is not 7-bit ASCII
  const encoding = /^[\x00-\x7f]*$/.test(body) ? "7bit" : "8bit";
  return { raw: [`Content-Type: ${contentType}; charset=utf-8`, `Content-Transfer-Encoding: ${encoding}`, "", ...lines].join("\r\n") };
}

/** Random letters: an id in the message's headers that holds no digit at all. */
function letters(count: number): string {
  return [...randomBytes(count)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");
}

export interface MimeFields {
  text: RawPart | string;
  html: RawPart | string;
  /** The shared part of the multipart boundaries (nodemailer's default is hex). */
  baseBoundary: string;
  messageId: string;
}

/**
 * nodemailer's fields for `message` sent from `fromDomain`: the parts (each raw as above or, when
 * a line is too long, the plain string), and a Message-ID and boundaries of letters only. A mailed
 * code must be the only run of six digits in the whole message, and nodemailer's own ids are hex,
 * where such a run turns up in about one message in two.
 */
export function mimeFields(message: Pick<MailMessage, "text" | "html">, fromDomain: string): MimeFields {
  return {
    text: rawPart("text/plain", message.text) ?? message.text,
    html: rawPart("text/html", message.html) ?? message.html,
    baseBoundary: letters(16),
    messageId: `<${letters(24)}@${fromDomain}>`,
  };
}

/** The domain of a From value ("Team <no-reply@example.com>" → "example.com"). */
export function senderDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}
