import { defineEndpoint } from "../endpoint.js";
import { writeAuditEvent } from "../security/security-events.js";
import { buildClearedSessionCookie } from "../session/session-cookie.js";
import { deleteSessionsByUserId } from "../store/session-store.js";
import { forgetTrustedDevices } from "../two-factor/trusted-device.js";

/** Ends every session of the caller, this one included. */
export const revokeSessions = defineEndpoint({
  name: "revokeSessions",
  method: "POST",
  path: "/revoke-sessions",
  session: "required",
  async handler({ ctx, session, client, response }): Promise<{ status: boolean }> {
    await ctx.db.transaction().execute(async (trx) => {
      const count = await deleteSessionsByUserId(trx, session.user.id);
      await forgetTrustedDevices(trx, session.user.id);
      await writeAuditEvent(ctx, trx, { userId: session.user.id, type: "session-revoked", outcome: "success", client, detail: { scope: "all", count } });
    });
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    return { status: true };
  },
});
