import { renderMail, wordsOf, type MailSetting } from "../email/mail-content.js";
import { buildLinkMail } from "../email/messages.js";
import type { MailMessage } from "../email/mailer.js";
import type { CodeType } from "./email-otp.js";

/*
 * The two passwordless mails, in the language of the request that asked for them (the person at
 * the sign-in screen: Accept-Language, then the locale cookie) and the team's brand. Their words
 * are in the mail catalogues (i18n/mail-*.ts); the code is in the text once and never in the
 * subject or the preheader.
 */

/** A magic link: opening it signs in, once, within its lifetime. */
export function buildMagicLinkMessage(input: { to: string; url: string; expiresIn: number }, setting: MailSetting): Promise<MailMessage> {
  return buildLinkMail((words) => words.magicLink, { ...input, name: "" }, [input.to], setting);
}

/** A mailed code (email OTP): in the text once, never in the subject. */
export function buildEmailCodeMessage(input: { to: string; code: string; type: CodeType; expiresIn: number }, setting: MailSetting): Promise<MailMessage> {
  const words = wordsOf(setting);
  const app = setting.brand.appName;
  const valid = words.emailCode.valid(words.lifetime(input.expiresIn));
  return renderMail(
    {
      to: input.to,
      subject: words.emailCode.subject(app, input.type),
      preheader: valid,
      heading: words.emailCode.heading(app, input.type),
      greeting: words.greeting(""),
      lines: [words.emailCode.is(app, input.type, input.code), valid],
      code: input.code,
      footer: words.emailCode.footer,
    },
    setting,
  );
}
