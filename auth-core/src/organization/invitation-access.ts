import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import type { InvitationRow, UserRow } from "../store/database.js";
import { findInvitationById } from "../store/invitation-store.js";

/**
 * A live invitation addressed to this user: 400 INVITATION_NOT_FOUND when unknown, used or
 * expired; 403 when it was sent to another email (only the invited address may answer it), or
 * when requireEmailVerificationOnInvitation is set and the user's email is unverified.
 */
export async function requireInvitationRecipient(
  ctx: AuthContext,
  invitationId: string,
  user: Pick<UserRow, "email" | "emailVerified">,
  now: Date,
): Promise<InvitationRow> {
  const invitation = await findInvitationById(ctx.db, invitationId);
  if (!invitation || invitation.status !== "pending" || invitation.expiresAt <= now.toISOString()) {
    throw APIError.from(400, "INVITATION_NOT_FOUND");
  }
  if (invitation.email !== user.email.toLowerCase()) throw APIError.from(403, "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION");
  // Anyone can register an address unverified: with the option, only its proven owner may
  // accept, reject or read the invitation (a registrant's reject would take it from the owner).
  if (ctx.options.organization.requireEmailVerificationOnInvitation && user.emailVerified !== 1) {
    throw APIError.from(403, "EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_INVITATION");
  }
  return invitation;
}
