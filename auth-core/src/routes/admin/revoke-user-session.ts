import { z } from "zod";
import { hashToken } from "../../crypto/token-hash.js";
import { defineEndpoint } from "../../endpoint.js";
import { deleteSessionByHandle } from "../../store/session-store.js";

/** better-auth's admin revoke-user-session: `sessionToken` is the listed handle (the id) or the token. */
export const revokeUserSessionEndpoint = defineEndpoint({
  name: "revokeUserSession",
  method: "POST",
  path: "/admin/revoke-user-session",
  body: z.object({ sessionToken: z.string().min(1).max(512) }),
  session: "required",
  admin: { permissions: { session: ["revoke"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS" },
  rateLimit: "default",
  audit: ["user-sessions-revoked-by-admin"],
  async handler({ body, session, audit }): Promise<{ success: boolean }> {
    await audit.change(async (trx, log) => {
      const userId = await deleteSessionByHandle(trx, { id: body.sessionToken, tokenHash: hashToken(body.sessionToken) });
      if (!userId) return log.unchanged();
      await log.write({ userId: session.user.id, targetUserId: userId, type: "user-sessions-revoked-by-admin", detail: { scope: "one", count: 1 } });
    });
    return { success: true };
  },
});
