import { z } from "zod";
import { requireUser } from "../../admin/admin-actions.js";
import { assertNotBanned } from "../../account/ban.js";
import { buildAdminSessionCookie } from "../../admin/impersonation-cookie.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { toWireSession, toWireUser } from "../../http/public-json.js";
import { createSession } from "../../session/session.js";
import { bearerTokenFor, buildSessionCookie } from "../../session/session-cookie.js";
import { mayImpersonate } from "../../account/impersonation-rule.js";
import type { WireSessionResult } from "../../shared/wire-types.js";

/**
 * better-auth's admin impersonate-user: a session for the person that names the admin
 * (impersonatedBy), an hour at most and never remembered, with the admin's own session kept in a
 * signed cookie for stop-impersonating. What it may do is the session gate's rule (router.ts).
 */
export const impersonateUserEndpoint = defineEndpoint({
  name: "impersonateUser",
  method: "POST",
  path: "/admin/impersonate-user",
  body: z.object({ userId: z.coerce.string().min(1).max(256) }),
  session: "required",
  admin: { permissions: { user: ["impersonate"] }, refusal: "YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS" },
  // Tighter than the default: each call mints a session for another person.
  rateLimit: { window: 60, max: 10 },
  audit: ["user-impersonated"],
  async handler({ ctx, body, session, client, response, audit }): Promise<WireSessionResult> {
    const target = await requireUser(ctx, body.userId);
    // The router checked user:impersonate; an admin as the person also needs impersonate-admins.
    if (!mayImpersonate(session.user.role, target.role)) {
      throw APIError.from(403, "YOU_CANNOT_IMPERSONATE_ADMINS");
    }
    const now = ctx.clock.now();
    assertNotBanned(target, now);
    const created = await createSession(ctx, {
      userId: target.id,
      rememberMe: false,
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      impersonation: { adminId: session.user.id, endsAt: new Date(now.getTime() + ctx.options.admin.impersonationSessionDuration * 1000) },
    });
    const { token, ...row } = created;
    await audit.record({
      userId: session.user.id,
      targetUserId: target.id,
      type: "user-impersonated",
      detail: { sessionId: row.id, expiresAt: row.expiresAt },
    });
    response.headers.append("set-cookie", buildAdminSessionCookie(ctx, session.token, { rememberMe: session.session.rememberMe === 1 }));
    response.headers.append("set-cookie", buildSessionCookie(ctx, token, { rememberMe: false, expiresAt: row.expiresAt }));
    if (ctx.options.bearer.enabled) {
      response.headers.set("set-auth-token", bearerTokenFor(ctx, token));
      response.headers.set("access-control-expose-headers", "set-auth-token");
    }
    return { session: toWireSession(row, token), user: toWireUser(target) };
  },
});
