import type { AuthContext } from "../context.js";
import type { ClientInfo, ResponseDraft } from "../endpoint.js";
import { APIError, type ErrorCode } from "../errors.js";
import { toWireUser } from "../http/public-json.js";
import type { Audit } from "../audit/audit-log.js";
import type { ActiveSession } from "../session/session.js";
import { assertNotBanned } from "../account/ban.js";
import { completeSignIn } from "./complete-sign-in.js";
import type { TwoFactorChallengeRow, UserRow } from "../store/database.js";
import {
  clearTwoFactorFailures,
  countChallengeAttempt,
  deleteChallenge,
  findLiveChallenge,
  findTwoFactor,
  reserveTwoFactorCheck,
} from "../store/two-factor-store.js";
import { findUserById } from "../store/user-store.js";
import type { WireUser } from "../shared/wire-types.js";
import { ACCOUNT_LOCK_AFTER_FAILURES, ACCOUNT_LOCK_SECONDS, CHALLENGE_MAX_ATTEMPTS } from "../two-factor/options.js";
import { clearedPendingCookie, readPendingStepId } from "../two-factor/pending-step.js";
import { trustDevice } from "../two-factor/trusted-device.js";

export type SecondFactor = "totp" | "otp" | "backup-code";

/** Who answers a /two-factor/verify-* call: a browser in the pending step of a sign-in, or a signed-in person. */
export type Answerer = { kind: "sign-in"; stepId: string; challenge: TwoFactorChallengeRow; user: UserRow } | { kind: "session"; active: ActiveSession };

/** The rows a verify endpoint writes: the step passed or failed, the sign-in it completes, a hand-over. */
export type SecondStepAudit = Audit<"two-factor-verified" | "sign-in" | "anonymous-linked">;

interface CallParts {
  ctx: AuthContext;
  headers: Headers;
  session: ActiveSession | null;
  response: ResponseDraft;
  client: ClientInfo;
}

interface AuditedCallParts extends CallParts {
  audit: SecondStepAudit;
}

/** An error whose answer also clears the pending cookie (the step is over). */
function endedStepError(ctx: AuthContext, status: number, code: ErrorCode): APIError {
  return APIError.from(status, code, { headers: { "set-cookie": clearedPendingCookie(ctx) } });
}

/**
 * Finds who answers. A browser presenting a pending step is answering it (even if it also holds
 * a session); with `countAttempt`, the attempt is counted before any code is looked at, in one
 * statement, so at most CHALLENGE_MAX_ATTEMPTS requests ever get this far for one step.
 * Otherwise the caller's session answers (confirming enrolment), where `allowSession` says so.
 */
export async function findAnswerer(parts: CallParts, options: { countAttempt: boolean; allowSession: boolean }): Promise<Answerer> {
  const { ctx, headers } = parts;
  const stepId = readPendingStepId(ctx, headers);
  if (stepId) {
    const now = ctx.clock.now();
    const challenge = options.countAttempt
      ? await countChallengeAttempt(ctx.db, stepId, CHALLENGE_MAX_ATTEMPTS, now)
      : await findLiveChallenge(ctx.db, stepId, now);
    if (challenge && challenge.attempts <= CHALLENGE_MAX_ATTEMPTS && (options.countAttempt || challenge.attempts < CHALLENGE_MAX_ATTEMPTS)) {
      const user = await findUserById(ctx.db, challenge.userId);
      if (!user) throw endedStepError(ctx, 401, "INVALID_TWO_FACTOR_COOKIE");
      // Banned during the step: no code is mailed or looked at.
      assertNotBanned(user, now);
      await assertNotLocked(ctx, user.id);
      return { kind: "sign-in", stepId, challenge, user };
    }
    const live = challenge ?? (await findLiveChallenge(ctx.db, stepId, now));
    if (live) {
      // Every attempt of this step is spent: it dies, and the person signs in again.
      await deleteChallenge(ctx.db, stepId);
      throw endedStepError(ctx, 400, "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");
    }
    if (!parts.session || !options.allowSession) throw endedStepError(ctx, 401, "INVALID_TWO_FACTOR_COOKIE");
  }
  if (parts.session && options.allowSession) return { kind: "session", active: parts.session };
  throw APIError.from(401, "INVALID_TWO_FACTOR_COOKIE");
}

async function assertNotLocked(ctx: AuthContext, userId: string): Promise<void> {
  const row = await findTwoFactor(ctx.db, userId);
  if (row?.lockedUntil && row.lockedUntil > ctx.clock.now().toISOString()) throw APIError.from(429, "ACCOUNT_TEMPORARILY_LOCKED");
}

/**
 * Called just before a sign-in's code is looked at: the check is counted against the account as a
 * failure first, in one statement that refuses while the account is locked (429), so steps run in
 * parallel never get more than ACCOUNT_LOCK_AFTER_FAILURES codes looked at. A right code clears
 * the count (acceptCode); a wrong one stays counted (refuseCode). A signed-in caller confirming
 * enrolment is not a sign-in and counts nothing.
 */
export async function reserveCodeCheck(ctx: AuthContext, answerer: Answerer): Promise<void> {
  if (answerer.kind !== "sign-in") return;
  const now = ctx.clock.now();
  const lockUntil = new Date(now.getTime() + ACCOUNT_LOCK_SECONDS * 1000);
  if (!(await reserveTwoFactorCheck(ctx.db, answerer.user.id, now, ACCOUNT_LOCK_AFTER_FAILURES, lockUntil))) {
    throw APIError.from(429, "ACCOUNT_TEMPORARILY_LOCKED");
  }
}

/** A wrong code (already counted against the account by reserveCodeCheck) is logged; the answer is `code`. */
export async function refuseCode(
  parts: AuditedCallParts,
  answerer: Answerer,
  method: SecondFactor,
  code: "INVALID_CODE" | "INVALID_BACKUP_CODE",
): Promise<never> {
  const { audit } = parts;
  const userId = answerer.kind === "sign-in" ? answerer.user.id : answerer.active.user.id;
  await audit.record({ userId, type: "two-factor-verified", outcome: "failure", method, detail: { reason: code, step: answerer.kind } });
  throw APIError.from(401, code);
}

/**
 * A right code. For a sign-in, the step ends (the one request that ends it wins) and the sign-in
 * completes (sign-in/complete-sign-in.ts: the session with its cookie, the sign-in row naming the
 * way in that began the step and this factor); with `trust` this browser skips the step for the
 * trust period. The app or a backup code lifts a reset's hold on mailed codes. For a signed-in
 * caller the answer names their own session. Both answer `{ token, user }`.
 */
export async function acceptCode(
  parts: AuditedCallParts,
  answerer: Answerer,
  method: SecondFactor,
  trust: boolean,
  user: UserRow = answerer.kind === "sign-in" ? answerer.user : answerer.active.user,
): Promise<{ token: string; user: WireUser }> {
  const { ctx, client, response, headers, audit } = parts;
  if (answerer.kind === "session") return { token: answerer.active.token, user: toWireUser(user) };
  if (!(await deleteChallenge(ctx.db, answerer.stepId))) throw endedStepError(ctx, 401, "INVALID_TWO_FACTOR_COOKIE");
  await clearTwoFactorFailures(ctx.db, user.id, { releaseMailedCodes: method !== "otp" });
  await audit.record({ userId: user.id, type: "two-factor-verified", method, detail: { trustDevice: trust } });
  const signedIn = await completeSignIn(
    { ctx, response, headers, client, audit },
    {
      user,
      rememberMe: answerer.challenge.rememberMe === 1,
      way: { method: answerer.challenge.signInMethod ?? "password", twoFactors: true, detail: { secondFactor: method } },
    },
  );
  if (signedIn.kind !== "session") throw new Error("a passed second step always starts a session");
  response.headers.append("set-cookie", clearedPendingCookie(ctx));
  if (trust) await trustDevice(ctx, response, user.id);
  return { token: signedIn.token, user: toWireUser(signedIn.user) };
}
