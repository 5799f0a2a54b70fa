import type { AuthContext } from "../context.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { signValue } from "../crypto/token-hash.js";
import { generateId, randomString } from "../deps/random.js";
import { APIError } from "../errors.js";
import type { DB } from "../store/database.js";
import { consumeVerification, deleteVerificationsByIdentifier, findVerificationAnyAge, insertVerification } from "../store/verification-store.js";
import { OTP_ALLOWED_ATTEMPTS, OTP_LENGTH } from "./options.js";

/** The flows a mailed code serves (better-auth's types; change-email stays off, as its default). */
export type CodeType = "sign-in" | "email-verification" | "forget-password";

/**
 * A code's key in the email-otp flow: its type and address. A code is found only by the flow it
 * was mailed for: a sign-in code never resets a password, a reset code never signs in.
 */
function codeKey(type: CodeType, email: string): string {
  return `${type}:${email}`;
}

/**
 * What is stored of a code: its HMAC under the auth secret, bound to type and address (six digits
 * are too few for a plain hash: a reader of the table would try all of them), and the wrong tries
 * so far, as better-auth stores `otp:attempts`.
 */
function codeDigest(ctx: AuthContext, type: CodeType, email: string, code: string): string {
  return signValue(ctx.cookieKey, `email-otp:${type}:${email}:${code}`);
}

function parseStored(value: string): { digest: string; attempts: number } {
  const at = value.lastIndexOf(":");
  return { digest: value.slice(0, at), attempts: Number(value.slice(at + 1)) || 0 };
}

/** A new code of `type` for `email`, replacing the one mailed before; answers the code to mail. */
export async function issueCode(ctx: AuthContext, type: CodeType, email: string): Promise<string> {
  const code = randomString(ctx.random, "0123456789", OTP_LENGTH);
  const now = ctx.clock.now();
  const key = codeKey(type, email);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteVerificationsByIdentifier(trx, "email-otp", key);
    await insertVerification(trx, {
      id: generateId(ctx.random),
      flow: "email-otp",
      key,
      value: `${codeDigest(ctx, type, email, code)}:0`,
      expiresAt: new Date(now.getTime() + ctx.options.passwordless.emailOTP.expiresIn * 1000),
      now,
    });
  });
  return code;
}

/** Withdraws the code of `type` for `email` (an address without an account, a mail not sent). */
export async function discardCode(ctx: AuthContext, type: CodeType, email: string): Promise<void> {
  await deleteVerificationsByIdentifier(ctx.db, "email-otp", codeKey(type, email));
}

/**
 * Checks a code as better-auth's atomicVerifyOTP does. The stored code is taken (one `delete …
 * returning`), so of concurrent tries only one compares; a wrong code is put back with one more
 * attempt and its expiry; the fourth try after three wrong ones answers 403 TOO_MANY_ATTEMPTS,
 * the right code included, and leaves the code taken (only a new send works). `keep` puts a right
 * code back unchanged (check-verification-otp, and the check before a reset's password hash).
 * Refusals: 400 OTP_EXPIRED, 400 INVALID_OTP (wrong, none, used, or of another type).
 */
export async function verifyCode(ctx: AuthContext, db: DB, input: { type: CodeType; email: string; code: string; keep?: boolean }): Promise<void> {
  const key = codeKey(input.type, input.email);
  const now = ctx.clock.now();
  const existing = await findVerificationAnyAge(db, "email-otp", key);
  if (existing && new Date(existing.expiresAt) <= now) {
    await deleteVerificationsByIdentifier(db, "email-otp", key);
    throw APIError.from(400, "OTP_EXPIRED");
  }
  const taken = await consumeVerification(db, "email-otp", key, now);
  if (!taken) throw APIError.from(400, "INVALID_OTP");
  const stored = parseStored(taken.value);
  if (stored.attempts >= OTP_ALLOWED_ATTEMPTS) throw APIError.from(403, "TOO_MANY_ATTEMPTS");
  const right = constantTimeEqual(stored.digest, codeDigest(ctx, input.type, input.email, input.code));
  if (!right || input.keep) {
    await insertVerification(db, {
      id: generateId(ctx.random),
      flow: "email-otp",
      key,
      value: right ? taken.value : `${stored.digest}:${stored.attempts + 1}`,
      expiresAt: new Date(taken.expiresAt),
      now: new Date(taken.createdAt),
    });
  }
  if (!right) throw APIError.from(400, "INVALID_OTP");
}

/**
 * Uses a code checked before (verifyCode with `keep`) in the transaction of its effect: false when
 * it went meanwhile, or was replaced by a new send (a code nobody checked is put back as it was).
 */
export async function takeCheckedCode(ctx: AuthContext, trx: DB, input: { type: CodeType; email: string; code: string }): Promise<boolean> {
  const taken = await consumeVerification(trx, "email-otp", codeKey(input.type, input.email), ctx.clock.now());
  if (!taken) return false;
  const stored = parseStored(taken.value);
  if (stored.attempts < OTP_ALLOWED_ATTEMPTS && constantTimeEqual(stored.digest, codeDigest(ctx, input.type, input.email, input.code))) return true;
  await insertVerification(trx, {
    id: generateId(ctx.random),
    flow: "email-otp",
    key: codeKey(input.type, input.email),
    value: taken.value,
    expiresAt: new Date(taken.expiresAt),
    now: new Date(taken.createdAt),
  });
  return false;
}
