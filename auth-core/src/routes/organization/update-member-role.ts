import { z } from "zod";
import { actingUser, actorOf } from "../../gate/principal.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireActingMember, requirePermission, resolveActorOrganizationId } from "../../organization/guards.js";
import { countOwners, holdsOwnerRole, normalizeRoles } from "../../organization/roles.js";
import { toWireMember } from "../../organization/wire.js";
import { canGrantRoles } from "../../shared/access-control.js";
import { findMemberById, listMemberRoles, updateMemberRole as updateMemberRoleRow } from "../../store/member-store.js";
import { lockOrganization } from "../../store/organization-store.js";
import type { WireMember } from "../../shared/wire-types.js";

const body = z.object({
  role: z.union([z.string(), z.array(z.string())]),
  memberId: z.string().min(1),
  organizationId: z.string().optional(),
});

export const updateMemberRole = defineEndpoint({
  name: "updateMemberRole",
  method: "POST",
  path: "/organization/update-member-role",
  body,
  session: "required",
  apiKeySession: "allow",
  rateLimit: "default",
  audit: ["member-role-changed"],
  async handler({ ctx, body, principal, client, audit }): Promise<WireMember> {
    const caller = actorOf(principal);
    const user = actingUser(caller);
    const organizationId = resolveActorOrganizationId(caller, body.organizationId);
    const actor = await requireActingMember(ctx, caller, organizationId);
    requirePermission(actor, { member: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    const role = normalizeRoles(body.role);
    const target = await findMemberById(ctx.db, body.memberId);
    if (!target || target.organizationId !== organizationId) throw APIError.from(400, "MEMBER_NOT_FOUND");
    // Nobody grants a role above their own, nor changes someone who ranks above them.
    if (!canGrantRoles(actor.role, role) || !canGrantRoles(actor.role, target.role)) {
      throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER");
    }

    const updated = await audit.change(async (trx, log) => {
      await lockOrganization(trx, organizationId);
      const current = await findMemberById(trx, target.id);
      if (!current) throw APIError.from(400, "MEMBER_NOT_FOUND");
      if (holdsOwnerRole(current.role) && !holdsOwnerRole(role) && countOwners(await listMemberRoles(trx, organizationId)) <= 1) {
        throw APIError.from(400, "YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER");
      }
      const row = await updateMemberRoleRow(trx, target.id, role);
      if (row) {
        await log.write({
          userId: user.id,
          type: "member-role-changed",
          organizationId,
          detail: { memberUserId: target.userId, from: current.role, role },
        });
      } else log.unchanged(); // nothing matched: nothing to record
      return row;
    });
    if (!updated) throw APIError.from(400, "MEMBER_NOT_FOUND");
    return toWireMember(updated);
  },
});
