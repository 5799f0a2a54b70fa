import { z } from "zod";
import { requireUser, writeAdminEvent } from "../../admin/admin-actions.js";
import { deleteUserData } from "../../email/user-deletion.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";

/** better-auth's admin remove-user: the account and everything it holds, like a deletion by its owner. */
export const removeUserEndpoint = defineEndpoint({
  name: "removeUser",
  method: "POST",
  path: "/admin/remove-user",
  body: z.object({ userId: z.coerce.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { user: ["delete"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS" },
  audit: ["user-removed"],
  async handler({ ctx, body, session, client }): Promise<{ success: boolean }> {
    if (body.userId === session.user.id) throw APIError.from(400, "YOU_CANNOT_REMOVE_YOURSELF");
    const target = await requireUser(ctx, body.userId);
    await ctx.db.transaction().execute(async (trx) => {
      await deleteUserData(trx, target.id);
      // The row keeps the address: the person is gone, the operator's log says who it was.
      await writeAdminEvent(ctx, trx, { adminId: session.user.id, targetUserId: target.id, type: "user-removed", client, detail: { email: target.email } });
    });
    return { success: true };
  },
});
