import { z } from "zod";
import { removeUserUnderAdminLocks, requireUser } from "../../admin/admin-actions.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";

/**
 * better-auth's admin remove-user: the account and everything it holds, like a deletion by its
 * owner. Refused for the only owner of an organization (it would be left without one), and when
 * the remover stopped being an admin while the request ran (someone is always an admin).
 */
export const removeUserEndpoint = defineEndpoint({
  name: "removeUser",
  method: "POST",
  path: "/admin/remove-user",
  body: z.object({ userId: z.coerce.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { user: ["delete"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS" },
  rateLimit: "default",
  audit: ["user-removed"],
  async handler({ ctx, body, session, audit }): Promise<{ success: boolean }> {
    if (body.userId === session.user.id) throw APIError.from(400, "YOU_CANNOT_REMOVE_YOURSELF");
    const target = await requireUser(ctx, body.userId);
    await audit.change(async (trx, log) => {
      await removeUserUnderAdminLocks(trx, { adminId: session.user.id, target, now: ctx.clock.now() });
      // The row keeps the address: the person is gone, the operator's log says who it was.
      await log.write({ userId: session.user.id, targetUserId: target.id, type: "user-removed", detail: { email: target.email } });
    });
    return { success: true };
  },
});
