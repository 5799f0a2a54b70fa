import type { AuthContext } from "../context.js";
import type { ResponseDraft } from "../endpoint.js";
import { hashToken } from "../crypto/token-hash.js";
import { randomAlphanumeric } from "../deps/random.js";
import { cookieName, readCookie, serializeCookie, signCookieValue, verifySignedCookieValue } from "../http/cookies.js";
import { deleteChallenge, insertChallenge } from "../store/two-factor-store.js";
import { CHALLENGE_LIFETIME_SECONDS } from "./options.js";

/**
 * The pending second step of a sign-in: a random token in its own signed cookie
 * (`gatehouse.two_factor`, better-auth's `two_factor`), the store keeping only its hash. It is
 * no session: nothing but the /two-factor/verify-* and send-otp endpoints reads it.
 */
function pendingCookieName(ctx: AuthContext): string {
  return cookieName(ctx.options.cookies, "two_factor");
}

function pendingCookie(ctx: AuthContext, value: string, maxAge: number): string {
  return serializeCookie(pendingCookieName(ctx), value, { maxAge, httpOnly: true, secure: ctx.options.cookies.secure, sameSite: "Lax" });
}

/** Starts the pending step for `userId` and sets its cookie on the answer. */
export async function beginPendingStep(
  ctx: AuthContext,
  headers: Headers,
  draft: ResponseDraft,
  input: { userId: string; rememberMe: boolean; signInMethod: string },
): Promise<void> {
  // One pending step per browser: the one it held before ends.
  const previous = readPendingStepId(ctx, headers);
  if (previous) await deleteChallenge(ctx.db, previous);
  const now = ctx.clock.now();
  const token = randomAlphanumeric(ctx.random, 32);
  await insertChallenge(ctx.db, {
    id: hashToken(token),
    userId: input.userId,
    rememberMe: input.rememberMe,
    signInMethod: input.signInMethod,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_SECONDS * 1000),
    now,
  });
  draft.headers.append("set-cookie", pendingCookie(ctx, signCookieValue(ctx.cookieKey, token), CHALLENGE_LIFETIME_SECONDS));
}

/** The stored id (token hash) of the pending step this browser presents, or null. */
export function readPendingStepId(ctx: AuthContext, headers: Headers): string | null {
  const signed = readCookie(headers.get("cookie"), pendingCookieName(ctx));
  const token = signed ? verifySignedCookieValue(ctx.cookieKey, signed) : null;
  return token ? hashToken(token) : null;
}

/** The Set-Cookie that clears the pending cookie. */
export function clearedPendingCookie(ctx: AuthContext): string {
  return pendingCookie(ctx, "", 0);
}
