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

function escapeHTML(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The accept link: the configured template with "{id}", absolute against the base URL. */
export function buildInvitationURL(template: string, invitationId: string, baseURL: string): string {
  return new URL(template.replaceAll("{id}", encodeURIComponent(invitationId)), baseURL).toString();
}

/** The invitation mail: who invites, to what, as which role, and until when the link works. */
export function buildInvitationMail(input: InvitationMailInput): MailMessage {
  const expires = input.expiresAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const subject = `${input.inviterName} invited you to join ${input.organizationName}`;
  const text = [
    `${input.inviterName} (${input.inviterEmail}) invited you to join ${input.organizationName} as ${input.role}.`,
    "",
    `Accept the invitation: ${input.acceptURL}`,
    "",
    `The link works until ${expires}. If you did not expect this invitation, you can ignore this email.`,
  ].join("\n");
  const html = [
    `<p>${escapeHTML(input.inviterName)} (${escapeHTML(input.inviterEmail)}) invited you to join`,
    ` <strong>${escapeHTML(input.organizationName)}</strong> as ${escapeHTML(input.role)}.</p>`,
    `<p><a href="${escapeHTML(input.acceptURL)}">Accept the invitation</a></p>`,
    `<p>The link works until ${escapeHTML(expires)}. If you did not expect this invitation, you can ignore this email.</p>`,
  ].join("");
  return { to: input.to, subject, text, html };
}
