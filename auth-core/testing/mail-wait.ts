import type { MailMessage } from "@gatehouse/auth-core";

/** What tracks the work after the answer: an `Auth` (auth.settled()). */
interface SettlesWork {
  settled(): Promise<void>;
}

/**
 * The mail that went out after the answer (reset links, verification links, notices): waits
 * for the service's work after the answer to end (`auth.settled()`), then takes the first
 * recorded mail that matches. No time bound and no polling: once settled, the mail is there or
 * it never will be.
 */
export async function settledMail(
  auth: SettlesWork,
  mails: readonly MailMessage[],
  matches: (mail: MailMessage) => boolean,
  what: string,
): Promise<MailMessage> {
  await auth.settled();
  const mail = mails.find(matches);
  if (!mail) throw new Error(`no mail ${what} once the work after the answer ended; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
  return mail;
}

/** The first link containing `pathPart` in a mail (to `to`, when given) that has one, once the work after the answer has ended. */
export async function settledMailedLink(auth: SettlesWork, mails: readonly MailMessage[], pathPart: string, to?: string): Promise<URL> {
  const linkIn = (mail: MailMessage): string | undefined => (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(pathPart));
  const mail = await settledMail(
    auth,
    mails,
    (m) => (to === undefined || m.to === to) && linkIn(m) !== undefined,
    `with a ${pathPart} link${to ? ` to ${to}` : ""}`,
  );
  return new URL(linkIn(mail)!);
}
