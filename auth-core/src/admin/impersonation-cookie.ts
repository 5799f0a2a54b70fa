import type { AuthContext } from "../context.js";
import { cookieName, readCookie, serializeCookie, signCookieValue, verifySignedCookieValue } from "../http/cookies.js";

/**
 * While an admin acts as someone (impersonation), the browser keeps the admin's own session token in a
 * signed cookie beside the impersonation session's, as better-auth's admin plugin does
 * (`<prefix>.admin_session`, `token:` plus "true" when the admin's session was not remembered).
 */
function adminSessionCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "admin_session");
}

export function buildAdminSessionCookie(ctx: AuthContext, adminToken: string, options: { rememberMe: boolean }): string {
  return serializeCookie(adminSessionCookieName(ctx), signCookieValue(ctx.cookieKey, `${adminToken}:${options.rememberMe ? "" : "true"}`), {
    httpOnly: true,
    secure: ctx.options.cookies.secure,
    sameSite: "Lax",
  });
}

export function buildClearedAdminSessionCookie(ctx: AuthContext): string {
  return serializeCookie(adminSessionCookieName(ctx), "", { maxAge: 0, httpOnly: true, secure: ctx.options.cookies.secure, sameSite: "Lax" });
}

/** The admin's token kept by impersonate-user, if the cookie is there and its signature holds. */
export function readAdminSessionCookie(ctx: AuthContext, headers: Headers): { token: string } | null {
  const signed = readCookie(headers.get("cookie"), adminSessionCookieName(ctx));
  const value = signed ? verifySignedCookieValue(ctx.cookieKey, signed) : null;
  if (!value) return null;
  const token = value.split(":", 1)[0];
  return token ? { token } : null;
}
