import { renderMail, wordsOf, type MailSetting } from "../email/mail-content.js";
import type { MailMessage } from "../email/mailer.js";

export interface InvitationMailInput {
  to: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  /** Absolute link to the page that accepts the invitation. */
  acceptURL: string;
  expiresAt: Date;
}

/** The accept link: the configured template with "{id}", absolute against the base URL. */
export function buildInvitationURL(template: string, invitationId: string, baseURL: string): string {
  return new URL(template.replaceAll("{id}", encodeURIComponent(invitationId)), baseURL).toString();
}

/**
 * The invitation mail: who invites, to what, as which role, and until when the link works. No
 * request of the invited person causes it: it takes the team's mail language (mail-setting.ts).
 */
export function buildInvitationMail(input: InvitationMailInput, setting?: MailSetting): Promise<MailMessage> {
  const words = wordsOf(setting).invitation;
  const expires = input.expiresAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const lines = words.lines(input.inviterName, input.inviterEmail, input.organizationName, input.role, expires);
  return renderMail(
    {
      to: input.to,
      subject: words.subject(input.inviterName, input.organizationName),
      preheader: lines[0]!,
      heading: words.heading(input.organizationName),
      greeting: wordsOf(setting).greeting(""),
      lines,
      action: { label: words.button, url: input.acceptURL },
      footer: words.footer,
    },
    setting,
  );
}
