import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { insertVerification } from "../store/verification-store.js";
import { isUniqueViolation } from "../store/unique-violation.js";

/** How long a use is remembered when the token names no expiry (ours: providers always do). */
const FALLBACK_SECONDS = 60 * 60;
/** The verifier's clock tolerance: a token is accepted that long past its `exp`. */
const TOLERANCE_SECONDS = 30;

/**
 * Records that an ID token was used to sign in; false when it already was, since an ID token
 * signs in once. The row's id is the token's SHA-256, so two concurrent uses cannot both insert it, and it lives until
 * the token expires, when the housekeeping of expired verifications removes it.
 */
export async function claimIdTokenUse(ctx: AuthContext, token: string, claims: Record<string, unknown>): Promise<boolean> {
  const now = ctx.clock.now();
  const exp = typeof claims.exp === "number" ? claims.exp * 1000 : now.getTime() + FALLBACK_SECONDS * 1000;
  const hash = hashToken(token);
  try {
    await insertVerification(ctx.db, {
      id: `id-token:${hash}`,
      flow: "id-token-use",
      key: hash,
      value: "used",
      expiresAt: new Date(Math.max(exp, now.getTime()) + TOLERANCE_SECONDS * 1000),
      now,
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
