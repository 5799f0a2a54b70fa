import { z } from "zod";
import { actingUser, actorOf } from "../../gate/principal.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { emailField, parseEmailOrThrow } from "../../email/email-address.js";
import { requireActingMember, requirePermission, resolveActorOrganizationId } from "../../organization/guards.js";
import { sendInvitationMail } from "../../organization/send-invitation.js";
import { normalizeRoles } from "../../organization/roles.js";
import { toWireInvitation } from "../../organization/wire.js";
import { assertSeatAvailable } from "../../organization/seats.js";
import { canGrantRoles } from "../../shared/access-control.js";
import type { InvitationRow } from "../../store/database.js";
import { countLiveInvitations, deleteInvitationById, extendInvitation, findLiveInvitation, insertInvitation } from "../../store/invitation-store.js";
import { findMemberByEmail } from "../../store/member-store.js";
import { findOrganizationById, lockOrganization } from "../../store/organization-store.js";
import { findTeamById } from "../../store/team-store.js";
import type { WireInvitation } from "../../shared/wire-types.js";

const body = z.object({
  email: emailField,
  role: z.union([z.string(), z.array(z.string())]),
  organizationId: z.string().optional(),
  resend: z.boolean().optional(),
  teamId: z.string().optional(),
});

/**
 * Invites an email address: a pending invitation valid for 48 hours (configurable) and a mail
 * with the accept link. `resend` on a live invitation extends it and sends the mail again.
 */
export const createInvitation = defineEndpoint({
  name: "createInvitation",
  method: "POST",
  path: "/organization/invite-member",
  body,
  session: "required",
  apiKeySession: "allow",
  rateLimit: { window: 60, max: 10 },
  audit: ["member-invited"],
  async handler({ ctx, body, principal, client, audit }): Promise<WireInvitation> {
    const caller = actorOf(principal);
    const user = actingUser(caller);
    const options = ctx.options.organization;
    const email = parseEmailOrThrow(body.email);
    const organizationId = resolveActorOrganizationId(caller, body.organizationId);
    const inviter = await requireActingMember(ctx, caller, organizationId);
    // Inviting adds a member: an API key holding member:create may do it (roles hold both or neither).
    requirePermission(inviter, { invitation: ["create"], member: ["create"] }, "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION", "OR");
    const role = normalizeRoles(body.role);
    if (!canGrantRoles(inviter.role, role)) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE");
    const organization = await findOrganizationById(ctx.db, organizationId);
    if (!organization) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    if (await findMemberByEmail(ctx.db, organizationId, email)) throw APIError.from(400, "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    if (body.teamId !== undefined) {
      const team = await findTeamById(ctx.db, body.teamId);
      if (!team || team.organizationId !== organizationId) throw APIError.from(400, "TEAM_NOT_FOUND");
    }

    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + options.invitationExpiresIn * 1000);
    const existing = await findLiveInvitation(ctx.db, organizationId, email, now);
    if (existing && !body.resend) throw APIError.from(400, "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION");
    const { invitation, eventId } = await audit.change(async (trx, log) => {
      let row: InvitationRow | undefined;
      if (existing) {
        row = await extendInvitation(trx, existing.id, expiresAt);
        if (!row) throw APIError.from(400, "INVITATION_NOT_FOUND");
      } else {
        await lockOrganization(trx, organizationId);
        if ((await countLiveInvitations(trx, organizationId, now)) >= options.invitationLimit) {
          throw APIError.from(403, "INVITATION_LIMIT_REACHED");
        }
        await assertSeatAvailable(ctx, trx, organizationId, now, "new-seat");
        row = await insertInvitation(trx, {
          id: generateId(ctx.random),
          organizationId,
          email,
          role,
          status: "pending",
          teamId: body.teamId ?? null,
          inviterId: user.id,
          expiresAt: expiresAt.toISOString(),
          createdAt: now.toISOString(),
        });
      }
      const id = await log.write({
        userId: user.id,
        type: "member-invited",
        organizationId,
        detail: { invitationId: row.id, email, role, resent: existing !== undefined },
      });
      return { invitation: row, eventId: id };
    });

    const sent = await sendInvitationMail(ctx, { invitation, organization, inviter: user });
    if (!sent) {
      // A new invitation nobody was told about would only block a later invite: undo it, and
      // the row that recorded it (a resend that was not sent did not happen either).
      await audit.revert(eventId, async (trx) => {
        if (!existing) await deleteInvitationById(trx, invitation.id);
      });
      throw APIError.from(500, "FAILED_TO_SEND_INVITATION_EMAIL");
    }
    return toWireInvitation(invitation);
  },
});
