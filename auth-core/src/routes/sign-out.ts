import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { hashToken } from "../crypto/token-hash.js";
import { buildClearedSessionCookie, readSessionToken } from "../session/session-cookie.js";
import { deleteSessionByTokenHash } from "../store/session-store.js";

export const signOut = defineEndpoint({
  name: "signOut",
  method: "POST",
  path: "/sign-out",
  session: "none",
  rateLimit: "default",
  audit: ["sign-out"],
  async handler({ ctx, headers, response, audit }): Promise<{ success: boolean }> {
    const token = readSessionToken(ctx, headers);
    if (!token) throw APIError.from(400, "FAILED_TO_GET_SESSION");
    await audit.change(async (trx, log) => {
      const userId = await deleteSessionByTokenHash(trx, hashToken(token));
      if (userId) await log.write({ userId, type: "sign-out" });
      else log.unchanged(); // no such session: nothing was deleted
    });
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    return { success: true };
  },
});
