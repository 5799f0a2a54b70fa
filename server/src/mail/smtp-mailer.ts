import { createTransport } from "nodemailer";
import { mimeFields, senderDomain, type Mailer } from "@gatehouse/auth-core";

export interface SMTPMailerConfig {
  /** smtp://user:pass@host:port or smtps://… (implicit TLS). */
  smtpURL: string;
  mailFrom: string;
}

/** Reads SMTP_URL into nodemailer's options: credentials decoded, smtps meaning implicit TLS. */
export function parseSMTPURL(smtpURL: string): { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
  const url = new URL(smtpURL);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must start with smtp:// or smtps://");
  const secure = url.protocol === "smtps:";
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
  };
}

/**
 * Sends over SMTP with nodemailer (a well-kept client: STARTTLS, auth, encodings). Bounded
 * timeouts: a stalled relay fails the send (the flow then answers 503) instead of hanging it.
 */
export function createSMTPMailer(config: SMTPMailerConfig): Mailer & { close(): void } {
  const transport = createTransport({
    ...parseSMTPURL(config.smtpURL),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message): Promise<void> {
      // Text and HTML as they are (7bit/8bit): no soft line break inside a link or a code, and
      // ids without digits (auth-core's mime-parts.ts).
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, ...mimeFields(message, senderDomain(config.mailFrom)) });
    },
    close: () => transport.close(),
  };
}
