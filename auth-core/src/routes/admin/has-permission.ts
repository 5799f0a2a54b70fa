import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { hasAdminPermission } from "../../shared/admin-roles.js";
import { findUserById } from "../../store/user-store.js";

const permissions = z.record(z.string().max(64), z.array(z.string().max(64)).max(32));

const body = z.object({
  userId: z.coerce.string().max(256).optional(),
  role: z.string().max(256).optional(),
  permissions: permissions.optional(),
  /** better-auth's older name for `permissions`. */
  permission: permissions.optional(),
});

/**
 * better-auth's admin has-permission: whether the caller's role grants every requested action.
 * Over HTTP it needs a session and answers for it; server code may ask for a role or a userId.
 */
export const userHasPermissionEndpoint = defineEndpoint({
  name: "userHasPermission",
  method: "POST",
  path: "/admin/has-permission",
  body,
  session: "optional",
  // Reads only: the person's own answer while an admin acts as them.
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, body, session, request }): Promise<{ error: null; success: boolean }> {
    if (!session && request) throw APIError.from(401, "UNAUTHORIZED");
    const requested = body.permissions ?? body.permission;
    if (!requested || (body.permissions && body.permission)) throw APIError.from(400, "INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED");
    let role: string | null | undefined = session?.user.role;
    if (!session) {
      if (body.role !== undefined) role = body.role;
      else if (body.userId) {
        const user = await findUserById(ctx.db, body.userId);
        if (!user) throw APIError.from(400, "USER_NOT_FOUND");
        role = user.role;
      } else throw APIError.from(400, "USER_ID_OR_ROLE_IS_REQUIRED");
    }
    return { error: null, success: hasAdminPermission(role, requested) };
  },
});
