import { defineEndpoint } from "../endpoint.js";
import { buildClearedSessionCookie } from "../session/session-cookie.js";
import { deleteSessionsByUserId } from "../store/session-store.js";
import { forgetTrustedDevices } from "../two-factor/trusted-device.js";

/** Ends every session of the caller, this one included. */
export const revokeSessions = defineEndpoint({
  name: "revokeSessions",
  method: "POST",
  path: "/revoke-sessions",
  session: "required",
  rateLimit: "default",
  audit: ["session-revoked"],
  async handler({ ctx, session, response, audit }): Promise<{ status: boolean }> {
    await audit.change(async (trx, log) => {
      const count = await deleteSessionsByUserId(trx, session.user.id);
      await forgetTrustedDevices(trx, session.user.id);
      await log.write({ userId: session.user.id, type: "session-revoked", detail: { scope: "all", count } });
    });
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    return { status: true };
  },
});
