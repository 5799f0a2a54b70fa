import { defineEndpoint } from "../endpoint.js";
import { buildClearedSessionCookie } from "../session/session-cookie.js";
import { deleteImpersonationsBy, deleteSessionsByUserId } from "../store/session-store.js";
import { forgetTrustedDevices } from "../two-factor/trusted-device.js";

/**
 * Ends every session of the caller, this one included, and the impersonation sessions started
 * from them (rows of other people naming the caller in impersonatedBy): revoking all is what a
 * person does after losing a session, and whoever held an admin's session may be acting as
 * someone through one. Refused through an impersonation session (the impersonation rule).
 */
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
      const impersonations = await deleteImpersonationsBy(trx, session.user.id);
      await forgetTrustedDevices(trx, session.user.id);
      await log.write({ userId: session.user.id, type: "session-revoked", detail: { scope: "all", count, impersonations } });
    });
    response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    return { status: true };
  },
});
