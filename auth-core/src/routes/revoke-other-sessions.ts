import { defineEndpoint } from "../endpoint.js";
import { recordSecurityEvent } from "../security/security-events.js";
import { deleteSessionsByUserId } from "../store/session-store.js";

/** Ends every session of the caller except the one making the request. */
export const revokeOtherSessions = defineEndpoint({
  name: "revokeOtherSessions",
  method: "POST",
  path: "/revoke-other-sessions",
  session: "required",
  async handler({ ctx, session, client }): Promise<{ status: boolean }> {
    const count = await deleteSessionsByUserId(ctx.db, session.user.id, session.session.id);
    await recordSecurityEvent(ctx, { userId: session.user.id, type: "session-revoked", outcome: "success", client, detail: { scope: "others", count } });
    return { status: true };
  },
});
