import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { hashToken } from "../crypto/token-hash.js";
import { deleteUserSession } from "../store/session-store.js";

/** Revokes one of the caller's own sessions, named by the handle from /list-sessions or its token. */
export const revokeSession = defineEndpoint({
  name: "revokeSession",
  method: "POST",
  path: "/revoke-session",
  body: z.object({ token: z.string().min(1).max(256) }),
  session: "required",
  rateLimit: "default",
  audit: ["session-revoked"],
  async handler({ body, session, audit }): Promise<{ status: boolean }> {
    await audit.change(async (trx, log) => {
      const deleted = await deleteUserSession(trx, session.user.id, { id: body.token, tokenHash: hashToken(body.token) });
      if (deleted) await log.write({ userId: session.user.id, type: "session-revoked", detail: { scope: "one" } });
      else log.unchanged(); // not one of the caller's sessions: nothing was deleted
    });
    return { status: true };
  },
});
