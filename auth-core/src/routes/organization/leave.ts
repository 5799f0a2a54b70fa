import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { countOwners, holdsOwnerRole } from "../../organization/roles.js";
import { toWireMember } from "../../organization/wire.js";
import { writeAuditEvent } from "../../security/security-events.js";
import { deleteMemberById, findMember, listMemberRoles } from "../../store/member-store.js";
import { clearActiveOrganization, lockOrganization } from "../../store/organization-store.js";
import { deleteTeamMembershipsInOrganization } from "../../store/team-store.js";
import type { WireMember } from "../../shared/wire-types.js";

const body = z.object({ organizationId: z.string().min(1) });

/** Anyone may leave, except the last owner (the organization would be left without one). */
export const leaveOrganization = defineEndpoint({
  name: "leaveOrganization",
  method: "POST",
  path: "/organization/leave",
  body,
  session: "required",
  async handler({ ctx, body, session, client }): Promise<WireMember> {
    const { organizationId } = body;
    const member = await ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId);
      const own = await findMember(trx, organizationId, session.user.id);
      if (!own) throw APIError.from(400, "MEMBER_NOT_FOUND");
      if (holdsOwnerRole(own.role) && countOwners(await listMemberRoles(trx, organizationId)) <= 1) {
        throw APIError.from(400, "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
      }
      await deleteTeamMembershipsInOrganization(trx, organizationId, session.user.id);
      await deleteMemberById(trx, own.id);
      await clearActiveOrganization(trx, organizationId, session.user.id);
      await writeAuditEvent(ctx, trx, { userId: session.user.id, type: "member-left", outcome: "success", organizationId, client });
      return own;
    });
    return toWireMember(member);
  },
});
