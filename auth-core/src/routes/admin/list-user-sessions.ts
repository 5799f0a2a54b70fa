import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { toWireSession } from "../../http/public-json.js";
import type { WireSession } from "../../shared/wire-types.js";
import { findSessionsByUserId } from "../../store/session-store.js";

/**
 * better-auth's admin list-user-sessions. Tokens are stored hashed, so each `token` is the
 * session's id: the handle revoke-user-session takes, never a credential.
 */
export const listUserSessionsEndpoint = defineEndpoint({
  name: "listUserSessions",
  method: "POST",
  path: "/admin/list-user-sessions",
  body: z.object({ userId: z.coerce.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { session: ["list"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS" },
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, body }): Promise<{ sessions: WireSession[] }> {
    const rows = await findSessionsByUserId(ctx.db, body.userId, ctx.clock.now());
    return { sessions: rows.map((row) => toWireSession(row)) };
  },
});
