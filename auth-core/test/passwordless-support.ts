import { expect } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import type { AuthOptions } from "../src/options.js";
import { createRecordingMailer, createTestAuth, type RecordingMailer, type TestAuth, type TestDialect } from "../testing/index.js";

/** A test service with magic link and email OTP on, mails recorded, rate limits off unless asked. */
export async function createPasswordlessAuth(
  dialect: TestDialect,
  options: Partial<Omit<AuthOptions, "database">> = {},
): Promise<{ t: TestAuth; mailer: RecordingMailer }> {
  const mailer = createRecordingMailer();
  const t = await createTestAuth({
    dialect,
    options: { mailer, rateLimit: { enabled: false }, magicLink: { enabled: true }, emailOTP: { enabled: true }, ...options },
  });
  return { t, mailer };
}

/** The last mail to `to`, after the work started after the answer has ended. */
export async function lastMailTo(t: TestAuth, mailer: RecordingMailer, to: string): Promise<MailMessage> {
  await t.auth.settled();
  const mail = mailer.messages.filter((message) => message.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The magic link in a mail. */
export function magicLinkIn(mail: MailMessage): URL {
  const match = /https?:\/\/\S+\/magic-link\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no magic link in: ${mail.text}`);
  return new URL(match[0]);
}

/** The code in a mail: the only run of six digits in its text. */
export function codeIn(mail: MailMessage): string {
  const runs = mail.text.match(/\d{6,}/g) ?? [];
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatch(/^\d{6}$/);
  return runs[0]!;
}
