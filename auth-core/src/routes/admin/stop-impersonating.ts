import { buildClearedAdminSessionCookie, readAdminSessionCookie } from "../../admin/impersonation-cookie.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWireSession, toWireUser } from "../../http/public-json.js";
import { validateSessionToken } from "../../session/session.js";
import { buildSessionCookie } from "../../session/session-cookie.js";
import type { WireSessionResult } from "../../shared/wire-types.js";
import { deleteSessionById } from "../../store/session-store.js";

/**
 * better-auth's admin stop-impersonating: the impersonation session ends and the browser is back
 * on the admin's own session, the same one (its token came back from the signed admin cookie).
 */
export const stopImpersonatingEndpoint = defineEndpoint({
  name: "stopImpersonating",
  method: "POST",
  path: "/admin/stop-impersonating",
  session: "required",
  impersonation: "allowed",
  rateLimit: "default",
  audit: ["impersonation-stopped"],
  async handler({ ctx, session, headers, response, audit }): Promise<WireSessionResult> {
    const adminId = session.session.impersonatedBy;
    if (!adminId) throw APIError.from(400, "YOU_ARE_NOT_IMPERSONATING_ANYONE");
    const kept = readAdminSessionCookie(ctx, headers);
    const admin = kept ? await validateSessionToken(ctx, kept.token) : null;
    if (!admin || admin.user.id !== adminId) throw APIError.from(400, "ADMIN_SESSION_NOT_FOUND");
    await audit.change(async (trx, log) => {
      await deleteSessionById(trx, session.session.id);
      await log.write({ userId: adminId, targetUserId: session.user.id, type: "impersonation-stopped", detail: { sessionId: session.session.id } });
    });
    response.headers.append(
      "set-cookie",
      buildSessionCookie(ctx, admin.token, { rememberMe: admin.session.rememberMe === 1, expiresAt: admin.session.expiresAt }),
    );
    response.headers.append("set-cookie", buildClearedAdminSessionCookie(ctx));
    return { session: toWireSession(admin.session, admin.token), user: toWireUser(admin.user) };
  },
});
