import { z } from "zod";
import { banUnderAdminLocks, requireUser } from "../../admin/admin-actions.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWireUser } from "../../http/public-json.js";
import type { WireUser } from "../../shared/wire-types.js";
import { endSessionsForBan } from "../../account/ban.js";
import { updateUser } from "../../store/user-store.js";

/** better-auth's admin ban-user: every session ends at once; the ban lapses at banExpires. */
export const banUserEndpoint = defineEndpoint({
  name: "banUser",
  method: "POST",
  path: "/admin/ban-user",
  body: z.object({
    userId: z.coerce.string().min(1).max(256),
    banReason: z.string().max(1024).optional(),
    /** Seconds until the ban lapses; none: until lifted. */
    banExpiresIn: z
      .number()
      .positive()
      .max(100 * 365 * 24 * 60 * 60)
      .optional(),
  }),
  session: "required",
  admin: { permissions: { user: ["ban"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS" },
  rateLimit: "default",
  audit: ["user-banned"],
  async handler({ ctx, body, session, audit }): Promise<{ user: WireUser }> {
    const target = await requireUser(ctx, body.userId);
    if (target.id === session.user.id) throw APIError.from(400, "YOU_CANNOT_BAN_YOURSELF");
    const now = ctx.clock.now();
    const banReason = body.banReason || "No reason";
    const banExpires = body.banExpiresIn ? new Date(now.getTime() + body.banExpiresIn * 1000).toISOString() : null;
    const user = await audit.change(async (trx, log) =>
      // Banning an admin may leave fewer who can act: the same locks as a demotion.
      banUnderAdminLocks(trx, { adminId: session.user.id, now }, async () => {
        const updated = await updateUser(trx, target.id, { banned: 1, banReason, banExpires, updatedAt: now.toISOString() });
        if (!updated) throw APIError.from(404, "USER_NOT_FOUND");
        const sessions = await endSessionsForBan(ctx, trx, updated, now);
        await log.write({ userId: session.user.id, targetUserId: target.id, type: "user-banned", detail: { reason: banReason, banExpires, sessions } });
        return updated;
      }),
    );
    return { user: toWireUser(user) };
  },
});
