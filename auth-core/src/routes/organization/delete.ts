import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, requirePermission } from "../../organization/guards.js";
import { toWireOrganization } from "../../organization/wire.js";
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
  rateLimit: "default",
  audit: ["organization-deleted"],
  async handler({ ctx, body, session, client, audit }): Promise<WireOrganization> {
    const member = await requireMember(ctx, body.organizationId, session.user.id);
    requirePermission(member, { organization: ["delete"] }, "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION");
    const deleted = await audit.change(async (trx, log) => {
      // No session may keep pointing at an organization that no longer exists.
      await clearActiveOrganization(trx, body.organizationId);
      const row = await deleteOrganizationById(trx, body.organizationId);
      if (row) {
        await log.write({
          userId: session.user.id,
          type: "organization-deleted",
          organizationId: row.id,
          detail: { name: row.name },
        });
      } else log.unchanged(); // nothing matched: nothing to record
      return row;
    });
    if (!deleted) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    return toWireOrganization(deleted);
  },
});
