import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { assertSeatAvailable } from "../../organization/seats.js";
import { requireInvitationRecipient } from "../../organization/invitation-access.js";
import { toWireInvitation, toWireMember } from "../../organization/wire.js";
import { closeLiveInvitation } from "../../store/invitation-store.js";
import { countMembers, insertMember } from "../../store/member-store.js";
import { lockOrganization, setSessionActiveOrganization } from "../../store/organization-store.js";
import { countTeamMembers, findTeamById, findTeamMember, insertTeamMember } from "../../store/team-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import type { WireInvitation, WireMember } from "../../shared/wire-types.js";

const body = z.object({ invitationId: z.string().min(1) });

/**
 * Only the invited email, once, before expiry. The invitation's status change, the membership
 * and the team membership are written in one transaction: all or nothing.
 */
export const acceptInvitation = defineEndpoint({
  name: "acceptInvitation",
  method: "POST",
  path: "/organization/accept-invitation",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["invitation-accepted"],
  async handler({ ctx, body, session, client, audit }): Promise<{ invitation: WireInvitation; member: WireMember }> {
    const now = ctx.clock.now();
    const found = await requireInvitationRecipient(ctx, body.invitationId, session.user, now);
    if (ctx.options.organization.requireEmailVerificationOnInvitation && session.user.emailVerified !== 1) {
      throw APIError.from(403, "EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_INVITATION");
    }
    const { organizationId } = found;
    let accepted;
    try {
      accepted = await audit.change(async (trx, log) => {
        if (!(await lockOrganization(trx, organizationId))) throw APIError.from(400, "INVITATION_NOT_FOUND");
        if ((await countMembers(trx, organizationId)) >= ctx.options.organization.membershipLimit) {
          throw APIError.from(403, "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED");
        }
        await assertSeatAvailable(ctx, trx, organizationId, now, "invited-seat");
        // The conditional update is the "once": a second accept finds nothing pending.
        const invitation = await closeLiveInvitation(trx, found.id, "accepted", now);
        if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
        const member = await insertMember(trx, {
          id: generateId(ctx.random),
          organizationId,
          userId: session.user.id,
          role: invitation.role,
          createdAt: now.toISOString(),
        });
        const team = invitation.teamId ? await findTeamById(trx, invitation.teamId) : undefined;
        if (team && team.organizationId === organizationId && !(await findTeamMember(trx, team.id, session.user.id))) {
          if ((await countTeamMembers(trx, team.id)) >= ctx.options.organization.maximumMembersPerTeam) {
            throw APIError.from(403, "TEAM_MEMBER_LIMIT_REACHED");
          }
          await insertTeamMember(trx, { id: generateId(ctx.random), teamId: team.id, userId: session.user.id, createdAt: now.toISOString() });
        }
        await log.write({
          userId: session.user.id,
          type: "invitation-accepted",
          organizationId,
          detail: { invitationId: invitation.id, role: invitation.role },
        });
        return { invitation, member };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw APIError.from(400, "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
      throw error;
    }
    await setSessionActiveOrganization(ctx.db, session.session.id, organizationId, now);
    return { invitation: toWireInvitation(accepted.invitation), member: toWireMember(accepted.member) };
  },
});
