import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { hashToken } from "../crypto/token-hash.js";
import { writeAuditEvent } from "../security/security-events.js";
import { buildClearedSessionCookie, readSessionToken } from "../session/session-cookie.js";
import { deleteSessionByTokenHash } from "../store/session-store.js";

export const signOut = defineEndpoint({
  name: "signOut",
  method: "POST",
  path: "/sign-out",
  session: "none",
  async handler({ ctx, headers, client, response }): Promise<{ success: boolean }> {
    const token = readSessionToken(ctx, headers);
    if (!token) throw APIError.from(400, "FAILED_TO_GET_SESSION");
    await ctx.db.transaction().execute(async (trx) => {
      const userId = await deleteSessionByTokenHash(trx, hashToken(token));
      if (userId) await writeAuditEvent(ctx, trx, { userId, type: "sign-out", outcome: "success", client });
    });
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    return { success: true };
  },
});
