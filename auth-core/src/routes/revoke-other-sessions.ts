import { defineEndpoint } from "../endpoint.js";
import { writeAuditEvent } from "../security/security-events.js";
import { deleteSessionsByUserId } from "../store/session-store.js";

/** Ends every session of the caller except the one making the request. */
export const revokeOtherSessions = defineEndpoint({
  name: "revokeOtherSessions",
  method: "POST",
  path: "/revoke-other-sessions",
  session: "required",
  async handler({ ctx, session, client }): Promise<{ status: boolean }> {
    await ctx.db.transaction().execute(async (trx) => {
      const count = await deleteSessionsByUserId(trx, session.user.id, session.session.id);
      await writeAuditEvent(ctx, trx, { userId: session.user.id, type: "session-revoked", outcome: "success", client, detail: { scope: "others", count } });
    });
    return { status: true };
  },
});
