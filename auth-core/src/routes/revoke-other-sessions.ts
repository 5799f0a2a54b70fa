import { defineEndpoint } from "../endpoint.js";
import { deleteImpersonationsBy, deleteSessionsByUserId } from "../store/session-store.js";

/**
 * Ends every session of the caller except the one making the request, and the impersonation
 * sessions started from them (an admin signing out everywhere else after losing a session).
 */
export const revokeOtherSessions = defineEndpoint({
  name: "revokeOtherSessions",
  method: "POST",
  path: "/revoke-other-sessions",
  session: "required",
  rateLimit: "default",
  audit: ["session-revoked"],
  async handler({ session, audit }): Promise<{ status: boolean }> {
    await audit.change(async (trx, log) => {
      const count = await deleteSessionsByUserId(trx, session.user.id, session.session.id);
      const impersonations = await deleteImpersonationsBy(trx, session.user.id);
      await log.write({ userId: session.user.id, type: "session-revoked", detail: { scope: "others", count, impersonations } });
    });
    return { status: true };
  },
});
