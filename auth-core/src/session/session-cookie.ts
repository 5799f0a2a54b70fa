import type { AuthContext } from "../context.js";
import { cookieName, readCookie, serializeCookie, signCookieValue, verifySignedCookieValue } from "../http/cookies.js";

/** `__Secure-gatehouse.session_token` over https, `gatehouse.session_token` otherwise. */
export function sessionCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "session_token");
}

/** The session token from the request's cookie, if present and correctly signed. */
export function readSessionToken(ctx: AuthContext, headers: Headers): string | null {
  const signed = readCookie(headers.get("cookie"), sessionCookieName(ctx));
  return signed ? verifySignedCookieValue(ctx.cookieKey, signed) : null;
}

/**
 * Set-Cookie for a session: persistent until the session's expiry (expiresIn, or less near the
 * absolute lifetime), or a browser-session cookie (rememberMe false).
 */
export function buildSessionCookie(ctx: AuthContext, token: string, options: { rememberMe: boolean; expiresAt: string }): string {
  const remaining = Math.max(0, Math.ceil((Date.parse(options.expiresAt) - ctx.clock.now().getTime()) / 1000));
  return serializeCookie(sessionCookieName(ctx), signCookieValue(ctx.cookieKey, token), {
    maxAge: options.rememberMe ? Math.min(ctx.options.session.expiresIn, remaining) : undefined,
    httpOnly: true,
    secure: ctx.options.cookies.secure,
    sameSite: "Lax",
  });
}

export function buildClearedSessionCookie(ctx: AuthContext): string {
  return serializeCookie(sessionCookieName(ctx), "", {
    maxAge: 0,
    httpOnly: true,
    secure: ctx.options.cookies.secure,
    sameSite: "Lax",
  });
}
