import { defineEndpoint } from "../endpoint.js";
import { deleteSessionsByUserId } from "../store/session-store.js";

/** Ends every session of the caller except the one making the request. */
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
      await log.write({ userId: session.user.id, type: "session-revoked", detail: { scope: "others", count } });
    });
    return { status: true };
  },
});
