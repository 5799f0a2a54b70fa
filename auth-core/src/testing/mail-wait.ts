import type { MailMessage } from "../email/mailer.js";

/**
 * Waits for a mail that goes out after the answer (reset links, verification links, notices):
 * polls the recorded mails every few milliseconds until one matches, or fails after `timeoutMs`
 * of real time. Counting event-loop turns instead is not enough: on PostgreSQL under load the
 * mail's own queries can take longer than a thousand turns.
 */
export async function waitForMail(
  mails: readonly MailMessage[],
  matches: (mail: MailMessage) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<MailMessage> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const mail = mails.find(matches);
    if (mail) return mail;
    if (performance.now() > deadline) {
      throw new Error(`no mail ${what} within ${timeoutMs} ms; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** The first link containing `pathPart` in a mail (to `to`, when given) that has one, once it arrives. */
export async function waitForMailedLink(mails: readonly MailMessage[], pathPart: string, to?: string): Promise<URL> {
  const linkIn = (mail: MailMessage): string | undefined => (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.includes(pathPart));
  const mail = await waitForMail(mails, (m) => (to === undefined || m.to === to) && linkIn(m) !== undefined, `with a ${pathPart} link${to ? ` to ${to}` : ""}`);
  return new URL(linkIn(mail)!);
}
