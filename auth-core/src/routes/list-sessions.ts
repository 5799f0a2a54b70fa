import { defineEndpoint } from "../endpoint.js";
import { toWireSession } from "../http/public-json.js";
import { findSessionsByUserId } from "../store/session-store.js";
import type { WireSession } from "../shared/wire-types.js";

/**
 * The user's live sessions. Tokens are stored hashed, so each listed `token` is the session's
 * id: a handle that /revoke-session accepts, never a credential.
 */
export const listSessions = defineEndpoint({
  name: "listSessions",
  method: "GET",
  path: "/list-sessions",
  session: "required",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, session }): Promise<WireSession[]> {
    const rows = await findSessionsByUserId(ctx.db, session.user.id, ctx.clock.now());
    // better-auth's admin plugin: an admin's impersonation session is not the person's to see.
    return rows.filter((row) => row.impersonatedBy === null).map((row) => toWireSession(row));
  },
});
