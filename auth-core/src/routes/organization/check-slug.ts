import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { findOrganizationBySlug } from "../../store/organization-store.js";

const body = z.object({ slug: z.string().trim().min(1).max(128) });

export const checkOrganizationSlug = defineEndpoint({
  name: "checkOrganizationSlug",
  method: "POST",
  path: "/organization/check-slug",
  body,
  session: "required",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, body }): Promise<{ status: boolean }> {
    if (await findOrganizationBySlug(ctx.db, body.slug)) throw APIError.from(400, "ORGANIZATION_SLUG_ALREADY_TAKEN");
    return { status: true };
  },
});
