import type { AuthContext } from "../context.js";
import { cookieName, readCookie, serializeCookie, signCookieValue } from "../http/cookies.js";

/** `__Secure-gatehouse.session_token` over https, `gatehouse.session_token` otherwise. */
export function sessionCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "session_token");
}

/**
 * The session token the request presents: its session cookie, correctly signed; or, with the
 * bearer option and no valid cookie (a cookie wins), `Authorization: Bearer <signed token>` as
 * sent in `set-auth-token`, checked against the same signature.
 */
export function readSessionToken(ctx: AuthContext, headers: Headers): string | null {
  const signed = readCookie(headers.get("cookie"), sessionCookieName(ctx));
  const fromCookie = signed ? ctx.sessionTokens.verify(signed) : null;
  if (fromCookie !== null || !ctx.options.bearer.enabled) return fromCookie;
  const bearer = readBearerToken(headers);
  return bearer ? ctx.sessionTokens.verify(bearer) : null;
}

function readBearerToken(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (!authorization) return null;
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() !== "bearer" || !value) return null;
  // Clients may send the token as set-auth-token gave it, or URL-decoded.
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The `set-auth-token` value: the signed token, as the session cookie holds it. */
export function bearerTokenFor(ctx: AuthContext, token: string): string {
  return signCookieValue(ctx.cookieKey, token);
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
