import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { hashToken } from "../crypto/token-hash.js";
import { writeAuditEvent } from "../security/security-events.js";
import { deleteUserSession } from "../store/session-store.js";

/** Revokes one of the caller's own sessions, named by the handle from /list-sessions or its token. */
export const revokeSession = defineEndpoint({
  name: "revokeSession",
  method: "POST",
  path: "/revoke-session",
  body: z.object({ token: z.string().min(1).max(256) }),
  session: "required",
  async handler({ ctx, body, session, client }): Promise<{ status: boolean }> {
    await ctx.db.transaction().execute(async (trx) => {
      const deleted = await deleteUserSession(trx, session.user.id, { id: body.token, tokenHash: hashToken(body.token) });
      if (deleted) await writeAuditEvent(ctx, trx, { userId: session.user.id, type: "session-revoked", outcome: "success", client, detail: { scope: "one" } });
    });
    return { status: true };
  },
});
