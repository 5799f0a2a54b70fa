import { z } from "zod";
import { actingUser, actorOf } from "../../gate/principal.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { normalizeEmail } from "../../email/email-address.js";
import { requireActingMember, requirePermission, resolveActorOrganizationId } from "../../organization/guards.js";
import { countOwners, holdsOwnerRole } from "../../organization/roles.js";
import { toWireMember } from "../../organization/wire.js";
import { canGrantRoles } from "../../shared/access-control.js";
import { deleteMemberById, findMemberByEmail, findMemberById, listMemberRoles } from "../../store/member-store.js";
import { clearActiveOrganization, lockOrganization } from "../../store/organization-store.js";
import { deleteTeamMembershipsInOrganization } from "../../store/team-store.js";
import type { WireMember } from "../../shared/wire-types.js";

const body = z.object({ memberIdOrEmail: z.string().min(1), organizationId: z.string().optional() });

export const removeMember = defineEndpoint({
  name: "removeMember",
  method: "POST",
  path: "/organization/remove-member",
  body,
  session: "required",
  apiKeySession: "allow",
  rateLimit: "default",
  audit: ["member-removed"],
  async handler({ ctx, body, principal, client, audit }): Promise<{ member: WireMember }> {
    const caller = actorOf(principal);
    const user = actingUser(caller);
    const organizationId = resolveActorOrganizationId(caller, body.organizationId);
    const actor = await requireActingMember(ctx, caller, organizationId);
    requirePermission(actor, { member: ["delete"] }, "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");
    const target = body.memberIdOrEmail.includes("@")
      ? await findMemberByEmail(ctx.db, organizationId, normalizeEmail(body.memberIdOrEmail))
      : await findMemberById(ctx.db, body.memberIdOrEmail);
    if (!target || target.organizationId !== organizationId) throw APIError.from(400, "MEMBER_NOT_FOUND");
    // Nobody acts above their own role: an admin cannot remove an owner.
    if (!canGrantRoles(actor.role, target.role)) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");

    await audit.change(async (trx, log) => {
      await lockOrganization(trx, organizationId);
      if (holdsOwnerRole(target.role) && countOwners(await listMemberRoles(trx, organizationId)) <= 1) {
        throw APIError.from(400, "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER");
      }
      await deleteTeamMembershipsInOrganization(trx, organizationId, target.userId);
      if (!(await deleteMemberById(trx, target.id))) throw APIError.from(400, "MEMBER_NOT_FOUND");
      await clearActiveOrganization(trx, organizationId, target.userId);
      await log.write({
        userId: user.id,
        type: "member-removed",
        organizationId,
        detail: { memberUserId: target.userId },
      });
    });
    return { member: toWireMember(target) };
  },
});
