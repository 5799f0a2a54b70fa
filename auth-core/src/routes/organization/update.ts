import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, requirePermission, resolveOrganizationId } from "../../organization/guards.js";
import { toWireOrganization } from "../../organization/wire.js";
import { findOrganizationBySlug, updateOrganization, type OrganizationUpdate } from "../../store/organization-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import type { WireOrganization } from "../../shared/wire-types.js";

const body = z.object({
  data: z.object({
    name: z.string().trim().min(1).max(256).optional(),
    slug: z.string().trim().min(1).max(128).optional(),
    logo: z.string().max(2048).nullable().optional(),
    metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  organizationId: z.string().optional(),
});

export const updateOrganizationEndpoint = defineEndpoint({
  name: "updateOrganization",
  method: "POST",
  path: "/organization/update",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["organization-updated"],
  async handler({ ctx, body, session, client, audit }): Promise<WireOrganization> {
    const organizationId = resolveOrganizationId(session, body.organizationId);
    const member = await requireMember(ctx, organizationId, session.user.id);
    requirePermission(member, { organization: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION");
    const { data } = body;
    if (data.slug !== undefined) {
      const holder = await findOrganizationBySlug(ctx.db, data.slug);
      if (holder && holder.id !== organizationId) throw APIError.from(400, "ORGANIZATION_SLUG_ALREADY_TAKEN");
    }
    const update: OrganizationUpdate = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.slug !== undefined && { slug: data.slug }),
      ...(data.logo !== undefined && { logo: data.logo }),
      ...(data.metadata !== undefined && { metadata: data.metadata === null ? null : JSON.stringify(data.metadata) }),
    };
    let updated;
    try {
      updated = await audit.change(async (trx, log) => {
        const row = await updateOrganization(trx, organizationId, update);
        if (row) {
          await log.write({
            userId: session.user.id,
            type: "organization-updated",
            organizationId,
            detail: { fields: Object.keys(update).join(",") },
          });
        } else log.unchanged(); // nothing matched: nothing to record
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw APIError.from(400, "ORGANIZATION_SLUG_ALREADY_TAKEN");
      throw error;
    }
    if (!updated) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    return toWireOrganization(updated);
  },
});
