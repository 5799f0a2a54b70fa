import { z } from "zod";
import { changeUserRole, parseRoleInput, requireUser } from "../../admin/admin-actions.js";
import { defineEndpoint } from "../../endpoint.js";
import { toWireUser } from "../../http/public-json.js";
import type { WireUser } from "../../shared/wire-types.js";

/** better-auth's admin set-role: "admin" or "user" (or both); applies to open sessions at once. */
export const setRoleEndpoint = defineEndpoint({
  name: "setRole",
  method: "POST",
  path: "/admin/set-role",
  body: z.object({ userId: z.coerce.string().min(1).max(256), role: z.union([z.string().max(64), z.array(z.string().max(64)).max(10)]) }),
  session: "required",
  admin: { permissions: { user: ["set-role"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE" },
  rateLimit: "default",
  audit: ["user-role-changed"],
  async handler({ ctx, body, session, audit }): Promise<{ user: WireUser }> {
    const role = parseRoleInput(body.role);
    const target = await requireUser(ctx, body.userId);
    return { user: toWireUser(await changeUserRole(ctx, { adminId: session.user.id, target, role, audit })) };
  },
});
