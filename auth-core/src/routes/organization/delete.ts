import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { toWireOrganization } from "../../organization/wire.js";
import { writeAuditEvent } from "../../security/security-events.js";
import { clearActiveOrganization, deleteOrganizationById } from "../../store/organization-store.js";
import type { WireOrganization } from "../../shared/wire-types.js";

const body = z.object({ organizationId: z.string().min(1) });

/** Members, invitations, teams and team members go with the organization (FK cascade). */
export const deleteOrganization = defineEndpoint({
  name: "deleteOrganization",
  method: "POST",
  path: "/organization/delete",
  body,
  session: "required",
  async handler({ ctx, body, session, client }): Promise<WireOrganization> {
    const member = await requireMember(ctx, body.organizationId, session.user.id);
    requirePermission(member, { organization: ["delete"] }, "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION");
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      // No session may keep pointing at an organization that no longer exists.
      await clearActiveOrganization(trx, body.organizationId);
      const row = await deleteOrganizationById(trx, body.organizationId);
      if (row) {
        await writeAuditEvent(ctx, trx, {
          userId: session.user.id,
          type: "organization-deleted",
          outcome: "success",
          organizationId: row.id,
          client,
          detail: { name: row.name },
        });
      }
      return row;
    });
    if (!deleted) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    return toWireOrganization(deleted);
  },
});
