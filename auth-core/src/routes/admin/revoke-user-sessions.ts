import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { deleteImpersonationsBy, deleteSessionsByUserId } from "../../store/session-store.js";

/**
 * better-auth's admin revoke-user-sessions: every session of the person ends, and the
 * impersonation sessions the person (an admin) started.
 */
export const revokeUserSessionsEndpoint = defineEndpoint({
  name: "revokeUserSessions",
  method: "POST",
  path: "/admin/revoke-user-sessions",
  body: z.object({ userId: z.coerce.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { session: ["revoke"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS" },
  rateLimit: "default",
  audit: ["user-sessions-revoked-by-admin"],
  async handler({ body, session, audit }): Promise<{ success: boolean }> {
    await audit.change(async (trx, log) => {
      const count = await deleteSessionsByUserId(trx, body.userId);
      const impersonations = await deleteImpersonationsBy(trx, body.userId);
      if (count === 0 && impersonations === 0) return log.unchanged();
      await log.write({
        userId: session.user.id,
        targetUserId: body.userId,
        type: "user-sessions-revoked-by-admin",
        detail: { scope: "all", count, impersonations },
      });
    });
    return { success: true };
  },
});
