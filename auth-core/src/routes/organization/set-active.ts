import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWireOrganization } from "../../organization/wire.js";
import { findMember } from "../../store/member-store.js";
import { findOrganizationById, findOrganizationBySlug, setSessionActiveOrganization } from "../../store/organization-store.js";
import type { WireOrganization } from "../../shared/wire-types.js";

const body = z.object({
  organizationId: z.string().nullable().optional(),
  organizationSlug: z.string().optional(),
});

/** Sets (or with organizationId null, clears) the session's active organization. */
export const setActiveOrganization = defineEndpoint({
  name: "setActiveOrganization",
  method: "POST",
  path: "/organization/set-active",
  body,
  session: "required",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "changes which organization the session shows, not a membership" },
  async handler({ ctx, body, session }): Promise<WireOrganization | null> {
    const now = ctx.clock.now();
    if (body.organizationId === null) {
      await setSessionActiveOrganization(ctx.db, session.session.id, null, now);
      return null;
    }
    const organization = body.organizationId
      ? await findOrganizationById(ctx.db, body.organizationId)
      : body.organizationSlug
        ? await findOrganizationBySlug(ctx.db, body.organizationSlug)
        : session.session.activeOrganizationId
          ? await findOrganizationById(ctx.db, session.session.activeOrganizationId)
          : null;
    if (organization === null) return null;
    if (!organization) throw APIError.from(400, "ORGANIZATION_NOT_FOUND");
    if (!(await findMember(ctx.db, organization.id, session.user.id))) {
      throw APIError.from(403, "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
    }
    await setSessionActiveOrganization(ctx.db, session.session.id, organization.id, now);
    return toWireOrganization(organization);
  },
});
