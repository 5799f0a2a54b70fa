/** One outgoing message: plain text plus simple HTML, links absolute to the base URL. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where auth-core sends mail. The server supplies SMTP or the development outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The default when no mailer is configured: refuses, so a flow never pretends a mail was sent. */
export const unconfiguredMailer: Mailer = {
  send: async (): Promise<void> => {
    throw new Error("no mailer is configured");
  },
};
