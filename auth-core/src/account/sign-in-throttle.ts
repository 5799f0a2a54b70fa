import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { APIError } from "../errors.js";
import { clearThrottle, findThrottleState, reserveAttempt, type ReservationRule, type ThrottleState } from "../store/sign-in-throttle-store.js";

/**
 * Per-account throttling of failed password checks (NIST SP 800-63B-4 §3.2.2): sign-in's and
 * every other (checkAccountPassword); per-address rate limits do not stop one account being
 * tried from many addresses, nor a stolen session trying passwords.
 *
 * - The first `freeFailures` consecutive failures cost nothing.
 * - After that, each attempt waits 2^(n − freeFailures) seconds after the last failure, capped
 *   at 15 minutes; a failure older than 15 minutes no longer delays anything.
 * - At `hardStop` consecutive failures, password sign-in stops for the account until a
 *   successful sign-in would clear it (it cannot: attempts are refused) or a password reset does.
 *   Google and passkey sign-in are not affected, so the person is never locked out.
 *
 * Keyed by the normalised address, so an unknown address is throttled and answered exactly like
 * a known one.
 *
 * Each attempt is counted as a failure before its password is checked, in the statement that
 * decides whether it may go ahead (when it was read before and written after the check,
 * 149 parallel guesses were all checked); the right password then clears the count.
 */
export interface ThrottlePolicy {
  enabled: boolean;
  freeFailures: number;
  hardStop: number;
}

const MAX_DELAY_SECONDS = 15 * 60;

function throttleKey(email: string): string {
  return hashToken(`password-sign-in:${email}`);
}

/** Seconds the next attempt must wait, or null when it may go ahead. */
export function throttleWait(state: ThrottleState | undefined, now: Date, policy: ThrottlePolicy): number | null {
  if (!state || state.failures < policy.freeFailures) return null;
  if (state.failures >= policy.hardStop) return MAX_DELAY_SECONDS;
  const last = Date.parse(state.lastFailureAt);
  const delay = Math.min(2 ** (state.failures - policy.freeFailures), MAX_DELAY_SECONDS) * 1000;
  const until = last + delay;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : null;
}

/** The answer to a throttled attempt: the rate limiter's 429 and wording, with when to retry. */
function throttledError(waitSeconds: number): APIError {
  return APIError.from(429, "TOO_MANY_REQUESTS", { headers: { "x-retry-after": String(waitSeconds) } });
}

/** The reservation's condition for `now`: throttleWait's rule, as the latest allowed last-failure time per count. */
function reservationRule(now: Date, policy: ThrottlePolicy): ReservationRule {
  const before = (seconds: number): string => new Date(now.getTime() - seconds * 1000).toISOString();
  const steps: { failures: number; at: string }[] = [];
  for (let n = policy.freeFailures; n < policy.hardStop && 2 ** (n - policy.freeFailures) < MAX_DELAY_SECONDS; n++)
    steps.push({ failures: n, at: before(2 ** (n - policy.freeFailures)) });
  const otherwise = before(MAX_DELAY_SECONDS);
  const [first = { failures: policy.freeFailures, at: otherwise }, ...rest] = steps;
  return { freeFailures: policy.freeFailures, hardStop: policy.hardStop, notAfter: [first, ...rest], otherwise };
}

/**
 * Before the password is checked: reserves this attempt (counted as a failure until the right
 * password clears it), or answers how long the address must wait (nothing counted).
 */
async function reserveSignInAttempt(ctx: AuthContext, email: string): Promise<{ wait: number | null }> {
  const policy = ctx.options.emailAndPassword.throttle;
  if (!policy.enabled) return { wait: null };
  const key = throttleKey(email);
  const now = ctx.clock.now();
  if (await reserveAttempt(ctx.db, key, now, reservationRule(now, policy))) return { wait: null };
  // Refused: how long to wait, from the row as it stands (cleared meanwhile: try again in a second).
  return { wait: throttleWait(await findThrottleState(ctx.db, key), now, policy) ?? 1 };
}

/**
 * Every password check of an account goes through here, wherever it happens: sign-in, and a
 * session's confirmations (delete-user, change-password, the /two-factor/* endpoints behind the
 * password). The attempt is reserved in the account's throttle (keyed by its normalised address,
 * like sign-in) before the password is looked at; a throttled attempt checks nothing and answers
 * sign-in's 429 (`onThrottled` first, for the caller's row). The right password clears the count.
 * With no stored hash (no such person, or no password) the dummy hash is checked, for the same
 * time, and the answer is false.
 */
export async function checkAccountPassword(
  ctx: AuthContext,
  input: { email: string; storedHash: string | null | undefined; password: string; onThrottled?: () => Promise<void> },
): Promise<boolean> {
  const { wait } = await reserveSignInAttempt(ctx, input.email);
  if (wait !== null) {
    await input.onThrottled?.();
    throw throttledError(wait);
  }
  const matches = await ctx.passwordHasher.verify(input.password, input.storedHash ?? (await ctx.dummyPasswordHash));
  // A wrong password stays counted by the reservation.
  if (!input.storedHash || !matches) return false;
  await clearSignInThrottle(ctx, input.email);
  return true;
}

/** The right password, or a completed reset: the count starts again. */
export async function clearSignInThrottle(ctx: AuthContext, email: string): Promise<void> {
  if (ctx.options.emailAndPassword.throttle.enabled) await clearThrottle(ctx.db, throttleKey(email));
}
