import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import type { ActiveSession } from "../../session/session.js";
import type { OrganizationRow } from "../../store/database.js";
import { APIError } from "../../errors.js";
import { assertMeetsTwoFactorRule } from "../../account/two-factor-rule.js";
import { toWireInvitation, toWireMemberWithUser, toWireOrganization, toWireTeam } from "../../organization/wire.js";
import { listInvitationsOfOrganization } from "../../store/invitation-store.js";
import { findMember, listMembersWithUsers } from "../../store/member-store.js";
import { clearActiveOrganization, findOrganizationById, findOrganizationBySlug } from "../../store/organization-store.js";
import { listTeamsOfOrganization } from "../../store/team-store.js";
import type { WireFullOrganization } from "../../shared/wire-types.js";

const querySchema = z.object({
  organizationId: z.string().optional(),
  organizationSlug: z.string().optional(),
  membersLimit: z.coerce.number().int().min(1).max(1000).optional(),
});

/** null: nothing named and no active organization; undefined: named but not found. */
async function findRequestedOrganization(
  ctx: AuthContext,
  query: z.infer<typeof querySchema>,
  session: ActiveSession,
): Promise<OrganizationRow | null | undefined> {
  if (query.organizationSlug) return findOrganizationBySlug(ctx.db, query.organizationSlug);
  const id = query.organizationId || session.session.activeOrganizationId;
  return id ? findOrganizationById(ctx.db, id) : null;
}

/** The active (or named) organization with members, invitations and teams; null when none. */
export const getFullOrganization = defineEndpoint({
  name: "getFullOrganization",
  method: "GET",
  path: "/organization/get-full-organization",
  query: querySchema,
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query, session }): Promise<WireFullOrganization | null> {
    const organization = await findRequestedOrganization(ctx, query, session);
    if (organization === null) return null;
    if (!organization) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    if (!(await findMember(ctx.db, organization.id, session.user.id))) {
      // A stale active organization (the person was removed) is cleared, as better-auth does.
      await clearActiveOrganization(ctx.db, organization.id, session.user.id);
      throw APIError.from(403, "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
    }
    await assertMeetsTwoFactorRule(ctx, organization, session.user.id);
    const limit = query.membersLimit ?? ctx.options.organization.membershipLimit;
    const [members, invitations, teams] = await Promise.all([
      listMembersWithUsers(ctx.db, organization.id, { limit, offset: 0, direction: "asc" }),
      listInvitationsOfOrganization(ctx.db, organization.id),
      listTeamsOfOrganization(ctx.db, organization.id),
    ]);
    return {
      ...toWireOrganization(organization),
      members: members.map(toWireMemberWithUser),
      invitations: invitations.map(toWireInvitation),
      teams: teams.map(toWireTeam),
    };
  },
});
