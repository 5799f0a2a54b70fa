import type { AuthContext } from "../context.js";
import type { InvitationRow, OrganizationRow, UserRow } from "../store/database.js";
import { mailSetting } from "../email/mail-setting.js";
import { buildInvitationMail, buildInvitationURL } from "./invitation-mail.js";

export interface InvitationMailContext {
  invitation: InvitationRow;
  organization: OrganizationRow;
  inviter: Pick<UserRow, "name" | "email">;
}

/** Sends the invitation mail through the configured mailer; false (and a log line) on failure. */
export async function sendInvitationMail(ctx: AuthContext, input: InvitationMailContext): Promise<boolean> {
  const { invitation, organization, inviter } = input;
  const message = await buildInvitationMail(
    {
      to: invitation.email,
      organizationName: organization.name,
      inviterName: inviter.name,
      inviterEmail: inviter.email,
      role: invitation.role,
      acceptURL: buildInvitationURL(ctx.options.organization.invitationURL, invitation.id, ctx.options.baseURL),
      expiresAt: new Date(invitation.expiresAt),
    },
    mailSetting(ctx),
  );
  try {
    await ctx.mailer.send(message);
    return true;
  } catch (error) {
    ctx.logger.error("invitation mail not sent", {
      organizationId: organization.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
}
