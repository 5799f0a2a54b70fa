import type { Logger, Mailer } from "@gatehouse/auth-core";

export interface ServerMailerConfig {
  smtpURL: string | undefined;
  mailFrom: string;
  dataDir: string;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the development outbox (one JSON
 * file per mail under DATA_DIR/outbox and a log line). Owned by the email-flows issue.
 */
export function createServerMailer(_config: ServerMailerConfig, _logger: Logger): Mailer {
  return {
    send: async (): Promise<void> => {
      throw new Error("mail is not wired yet");
    },
  };
}
