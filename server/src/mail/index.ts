import type { Logger, Mailer } from "@gatehouse/auth-core";
import { createOutboxMailer } from "./outbox-mailer.js";
import { createSMTPMailer } from "./smtp-mailer.js";

export interface ServerMailerConfig {
  smtpURL: string | undefined;
  mailFrom: string;
  dataDir: string;
  /** In production the outbox log line leaves the link (a live token) out. */
  production?: boolean;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox (one JSON
 * file per mail under DATA_DIR/outbox and a log line).
 */
export function createServerMailer(config: ServerMailerConfig, logger: Logger): Mailer {
  if (config.smtpURL) return createSMTPMailer({ smtpURL: config.smtpURL, mailFrom: config.mailFrom });
  if (config.production) logger.warn("SMTP_URL is not set: mails are written to the outbox and not delivered", { dataDir: config.dataDir });
  return createOutboxMailer({ dataDir: config.dataDir, mailFrom: config.mailFrom, logLinks: !config.production }, logger);
}

export { parseSMTPURL } from "./smtp-mailer.js";
