import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import { APIError } from "../errors.js";
import type { DB, SessionRow, UserRow } from "../store/database.js";
import { deleteSessionsByUserId, findSessionTokenHashes } from "../store/session-store.js";
import { deleteVerificationsOfValue, findVerification, insertVerification } from "../store/verification-store.js";

type BanFields = Pick<UserRow, "banned" | "banExpires">;

/** Whether a ban holds at `now`: set, and its end (if it has one) not yet reached. */
export function isBanActive(user: BanFields, now: Date): boolean {
  if (user.banned !== 1) return false;
  return user.banExpires === null || Date.parse(user.banExpires) > now.getTime();
}

/** A ban that was set and has run out: the stored fields may be cleared. */
export function hasBanLapsed(user: BanFields, now: Date): boolean {
  return user.banned === 1 && !isBanActive(user, now);
}

/**
 * The one ban check every way in calls (password, social, passkey, anonymous hand-over,
 * bearer and cookie sessions through the session gate, API keys): 403 BANNED_USER while a ban
 * holds, better-auth's admin plugin answer.
 */
export function assertNotBanned(user: BanFields, now: Date): void {
  if (isBanActive(user, now)) throw APIError.from(403, "BANNED_USER");
}

/**
 * The header get-session adds to its signed-out `null` when the browser's session was ended by a
 * ban (issue 48): the web app then says why on /login instead of bouncing there without a word.
 */
export const SESSION_ENDED_HEADER = "x-gatehouse-session-ended";

/**
 * Marks one session as ended by its person's ban: a verification row keyed by the token's hash
 * (never the token), holding the person's id, living until the session would have ended (or the
 * ban does, if sooner).
 */
export async function markSessionEndedByBan(
  ctx: Pick<AuthContext, "random">,
  db: DB,
  input: { session: Pick<SessionRow, "tokenHash" | "expiresAt">; user: Pick<UserRow, "id" | "banExpires">; now: Date },
): Promise<void> {
  const { session, user, now } = input;
  const end = user.banExpires !== null && user.banExpires < session.expiresAt ? user.banExpires : session.expiresAt;
  if (end <= now.toISOString()) return;
  await insertVerification(db, { id: generateId(ctx.random), flow: "banned-session", key: session.tokenHash, value: user.id, expiresAt: new Date(end), now });
}

/** In a ban's transaction: every session of the person ends, each marked as ended by the ban. Answers how many. */
export async function endSessionsForBan(ctx: Pick<AuthContext, "random">, trx: DB, user: Pick<UserRow, "id" | "banExpires">, now: Date): Promise<number> {
  for (const session of await findSessionTokenHashes(trx, user.id)) await markSessionEndedByBan(ctx, trx, { session, user, now });
  return deleteSessionsByUserId(trx, user.id);
}

/** When a ban is lifted: the old cookies are just old cookies again. */
export async function forgetSessionsEndedByBan(db: DB, userId: string): Promise<void> {
  await deleteVerificationsOfValue(db, "banned-session", userId);
}

/** Whether the session of this token hash was ended by a ban that still holds. */
export async function wasSessionEndedByBan(db: DB, tokenHash: string, now: Date): Promise<boolean> {
  return (await findVerification(db, "banned-session", tokenHash, now)) !== undefined;
}
