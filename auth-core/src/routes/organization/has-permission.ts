import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { requireMember, resolveOrganizationId } from "../../organization/guards.js";
import { hasPermission as checkMatrix } from "../../shared/access-control.js";

const permissions = z.record(z.string(), z.array(z.string()));

const body = z.object({
  permissions: permissions.optional(),
  /** better-auth 1.x's deprecated singular name, still accepted. */
  permission: permissions.optional(),
  organizationId: z.string().optional(),
  /** Spec §6: AND (default) needs every resource; OR needs one. */
  connector: z.enum(["AND", "OR"]).optional(),
});

/** Whether the caller's role in the organization allows the request, per the matrix (spec §6). */
export const hasPermission = defineEndpoint({
  name: "hasPermission",
  method: "POST",
  path: "/organization/has-permission",
  body,
  session: "required",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, body, session }): Promise<{ error: null; success: boolean }> {
    const request = body.permissions ?? body.permission;
    if (!request) throw APIError.from(400, "INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED");
    const organizationId = resolveOrganizationId(session, body.organizationId);
    const member = await requireMember(ctx, organizationId, session.user.id);
    return { error: null, success: checkMatrix(member.role, request, body.connector ?? "AND") };
  },
});
