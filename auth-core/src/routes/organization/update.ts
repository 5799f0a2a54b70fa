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
    // Gatehouse: owners only (two-factor for members who sign in by password).
    requireTwoFactor: z.boolean().optional(),
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
  audit: ["organization-updated", "two-factor-rule-changed"],
  async handler({ ctx, body, session, audit }): Promise<WireOrganization> {
    const organizationId = resolveOrganizationId(session, body.organizationId);
    const member = await requireMember(ctx, organizationId, session.user.id);
    requirePermission(member, { organization: ["update"] }, "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION");
    const { data } = body;
    const roles = member.role.split(",").map((role) => role.trim());
    if (data.requireTwoFactor !== undefined && !roles.includes("owner")) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_THE_TWO_FACTOR_RULE");
    if (data.slug !== undefined) {
      const holder = await findOrganizationBySlug(ctx.db, data.slug);
      if (holder && holder.id !== organizationId) throw APIError.from(400, "ORGANIZATION_SLUG_ALREADY_TAKEN");
    }
    const update: OrganizationUpdate = {
      ...(data.name !== undefined && { name: data.name }),
      ...(data.slug !== undefined && { slug: data.slug }),
      ...(data.logo !== undefined && { logo: data.logo }),
      ...(data.metadata !== undefined && { metadata: data.metadata === null ? null : JSON.stringify(data.metadata) }),
      ...(data.requireTwoFactor !== undefined && { requireTwoFactor: data.requireTwoFactor ? 1 : 0 }),
    };
    let updated;
    try {
      updated = await audit.change(async (trx, log) => {
        const row = await updateOrganization(trx, organizationId, update);
        if (row) {
          // One row per change: the two-factor rule has its own kind; the other fields share one.
          const fields = Object.keys(update).filter((field) => field !== "requireTwoFactor");
          if (fields.length > 0 || data.requireTwoFactor === undefined) {
            await log.write({ userId: session.user.id, type: "organization-updated", organizationId, detail: { fields: fields.join(",") } });
          }
          if (data.requireTwoFactor !== undefined) {
            await log.write({ userId: session.user.id, type: "two-factor-rule-changed", organizationId, detail: { required: data.requireTwoFactor } });
          }
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
