import { defineEndpoint } from "../endpoint.js";
import { recordSecurityEvent } from "../security/security-events.js";
import { buildClearedSessionCookie } from "../session/session-cookie.js";
import { deleteSessionsByUserId } from "../store/session-store.js";

/** Ends every session of the caller, this one included. */
export const revokeSessions = defineEndpoint({
  name: "revokeSessions",
  method: "POST",
  path: "/revoke-sessions",
  session: "required",
  async handler({ ctx, session, client, response }): Promise<{ status: boolean }> {
    const count = await deleteSessionsByUserId(ctx.db, session.user.id);
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    await recordSecurityEvent(ctx, { userId: session.user.id, type: "session-revoked", outcome: "success", client, detail: { scope: "all", count } });
    return { status: true };
  },
});
