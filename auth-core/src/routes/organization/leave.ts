import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { countOwners, holdsOwnerRole } from "../../organization/roles.js";
import { toWireMember } from "../../organization/wire.js";
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
  rateLimit: "default",
  audit: ["member-left"],
  async handler({ ctx, body, session, client, audit }): Promise<WireMember> {
    const { organizationId } = body;
    const member = await audit.change(async (trx, log) => {
      await lockOrganization(trx, organizationId);
      const own = await findMember(trx, organizationId, session.user.id);
      if (!own) throw APIError.from(400, "MEMBER_NOT_FOUND");
      if (holdsOwnerRole(own.role) && countOwners(await listMemberRoles(trx, organizationId)) <= 1) {
        throw APIError.from(400, "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
      }
      await deleteTeamMembershipsInOrganization(trx, organizationId, session.user.id);
      await deleteMemberById(trx, own.id);
      await clearActiveOrganization(trx, organizationId, session.user.id);
      await log.write({ userId: session.user.id, type: "member-left", organizationId });
      return own;
    });
    return toWireMember(member);
  },
});
