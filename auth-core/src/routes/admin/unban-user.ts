import { z } from "zod";
import { forgetSessionsEndedByBan } from "../../account/ban.js";
import { requireUser } from "../../admin/admin-actions.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWireUser } from "../../http/public-json.js";
import type { WireUser } from "../../shared/wire-types.js";
import { clearUserBan } from "../../store/user-store.js";

/** better-auth's admin unban-user. */
export const unbanUserEndpoint = defineEndpoint({
  name: "unbanUser",
  method: "POST",
  path: "/admin/unban-user",
  body: z.object({ userId: z.coerce.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { user: ["ban"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS" },
  rateLimit: "default",
  audit: ["user-unbanned"],
  async handler({ ctx, body, session, audit }): Promise<{ user: WireUser }> {
    const target = await requireUser(ctx, body.userId);
    const user = await audit.change(async (trx, log) => {
      const updated = await clearUserBan(trx, target.id, ctx.clock.now());
      if (!updated) throw APIError.from(404, "USER_NOT_FOUND");
      await forgetSessionsEndedByBan(trx, target.id);
      await log.write({ userId: session.user.id, targetUserId: target.id, type: "user-unbanned" });
      return updated;
    });
    return { user: toWireUser(user) };
  },
});
