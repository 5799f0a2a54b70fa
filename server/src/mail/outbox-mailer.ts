import { randomBytes } from "node:crypto";
import { link, mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger, Mailer } from "@gatehouse/auth-core";

export interface OutboxMailerConfig {
  /** Mails go to DATA_DIR/outbox. */
  dataDir: string;
  mailFrom: string;
  /** Whether the log line may carry the link (development only: links carry tokens). */
  logLinks: boolean;
  now?: () => Date;
}

/** The first absolute link of a plain-text mail. */
function firstLink(text: string): string | null {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0] ?? null;
}

/**
 * The development outbox (docs/email.md, mail settings): with no SMTP_URL, each mail is one JSON
 * file under DATA_DIR/outbox, plus one log line with the link so a newcomer can follow it from the
 * console.
 */
export function createOutboxMailer(config: OutboxMailerConfig, logger: Logger): Mailer {
  const dir = join(config.dataDir, "outbox");
  const now = config.now ?? ((): Date => new Date());
  return {
    async send(message): Promise<void> {
      const at = now();
      await mkdir(dir, { recursive: true });
      const name = `${at.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.json`;
      const file = join(dir, name);
      const mail = { from: config.mailFrom, ...message, createdAt: at.toISOString() };
      // Written whole under another name, then linked under its own: whoever reads the outbox
      // (a person, the browser tests) never finds a mail half written. wx and link: never
      // overwrite; 0600: the file holds a live token.
      const partial = `${file}.partial`;
      await writeFile(partial, `${JSON.stringify(mail, null, 2)}\n`, { flag: "wx", mode: 0o600 });
      try {
        await link(partial, file);
      } finally {
        await unlink(partial);
      }
      const firstURL = firstLink(message.text);
      logger.info("mail written to the development outbox", {
        to: message.to,
        subject: message.subject,
        file,
        ...(config.logLinks && firstURL ? { link: firstURL } : {}),
      });
    },
  };
}
