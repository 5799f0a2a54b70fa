import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomAlphanumeric } from "../deps/random.js";
import { cookieName, readCookie, serializeCookie, signCookieValue, verifySignedCookieValue } from "../http/cookies.js";
import type { DB } from "../store/database.js";
import { consumeVerification, deleteVerificationsOfValue, insertVerification } from "../store/verification-store.js";

/**
 * "Trust this device": a random token in a signed cookie (`gatehouse.trust_device`, better-auth's
 * `trust_device`), its hash kept as a verification value holding the user id. Only the browser
 * that holds the cookie skips the second step, until the value expires or is forgotten
 * (disable, revoke-sessions, password change or reset).
 */
const TRUST = "trust-device";

function trustCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "trust_device");
}

function trustCookie(ctx: AuthContext, value: string, maxAge: number): string {
  return serializeCookie(trustCookieName(ctx), value, { maxAge, httpOnly: true, secure: ctx.options.cookies.secure, sameSite: "Lax" });
}

function readTrustToken(ctx: AuthContext, headers: Headers): string | null {
  const signed = readCookie(headers.get("cookie"), trustCookieName(ctx));
  return signed ? verifySignedCookieValue(ctx.cookieKey, signed) : null;
}

/** Trusts this browser for `userId`: a new value and its cookie. */
export async function trustDevice(ctx: AuthContext, draft: ResponseDraft, userId: string): Promise<void> {
  const now = ctx.clock.now();
  const maxAge = ctx.options.twoFactor.trustDeviceMaxAge;
  const token = randomAlphanumeric(ctx.random, 32);
  await insertVerification(ctx.db, {
    id: generateId(ctx.random),
    flow: TRUST,
    key: hashToken(token),
    value: userId,
    expiresAt: new Date(now.getTime() + maxAge * 1000),
    now,
  });
  draft.headers.append("set-cookie", trustCookie(ctx, signCookieValue(ctx.cookieKey, token), maxAge));
}

/**
 * Whether this browser is trusted by `userId`. The value is used once: a trusted sign-in gets a
 * new one for another full period (better-auth refreshes it the same way), so a copied cookie
 * and its original cannot both keep working. A cookie that is not (or no longer) good is cleared.
 */
export async function takeTrustedDevice(ctx: AuthContext, headers: Headers, draft: ResponseDraft, userId: string): Promise<boolean> {
  const token = readTrustToken(ctx, headers);
  if (!token) return false;
  const row = await consumeVerification(ctx.db, TRUST, hashToken(token), ctx.clock.now());
  if (!row || row.value !== userId) {
    // Another person's trust in this browser is used up too: they answer the step once more.
    draft.headers.append("set-cookie", trustCookie(ctx, "", 0));
    return false;
  }
  await trustDevice(ctx, draft, userId);
  return true;
}

/** Forgets every trusted browser of the user (their cookies stop working). */
export async function forgetTrustedDevices(db: DB, userId: string): Promise<void> {
  await deleteVerificationsOfValue(db, TRUST, userId);
}

/** Clears this browser's trust cookie on the answer. */
export function clearTrustCookie(ctx: AuthContext, draft: ResponseDraft): void {
  draft.headers.append("set-cookie", trustCookie(ctx, "", 0));
}
