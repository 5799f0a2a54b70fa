import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomAlphanumeric } from "../deps/random.js";
import type { SessionRow, UserRow } from "../store/database.js";
import { deleteSessionById, extendSession, insertSession } from "../store/session-store.js";
import { findRememberedOrganizationId } from "../store/member-store.js";
import { findUserById } from "../store/user-store.js";
import { isBanActive, markSessionEndedByBan } from "../account/ban.js";
import { mayImpersonate } from "../account/impersonation-rule.js";
import type { ActiveSession } from "./active-session.js";

export type { ActiveSession };

export interface NewSessionInput {
  userId: string;
  /** false: a browser-session cookie and no sliding refresh (spec §4). Default true. */
  rememberMe: boolean;
  ipAddress: string | null;
  userAgent: string | null;
  /** Default: the organization the person last worked in, if they are still its member. */
  activeOrganizationId?: string | null;
  /** Impersonation: the admin acting through this session, which ends at `endsAt` at the latest. */
  impersonation?: { adminId: string; endsAt: Date };
}

const SESSION_TOKEN_LENGTH = 32;

/** Creates a session; the raw token is returned once and only its hash is stored. */
export async function createSession(ctx: AuthContext, input: NewSessionInput): Promise<ActiveSession["session"] & { token: string }> {
  const now = ctx.clock.now();
  const token = randomAlphanumeric(ctx.random, SESSION_TOKEN_LENGTH);
  const activeOrganizationId = input.activeOrganizationId !== undefined ? input.activeOrganizationId : await findRememberedOrganizationId(ctx.db, input.userId);
  const row = await insertSession(ctx.db, {
    id: generateId(ctx.random),
    tokenHash: hashToken(token),
    userId: input.userId,
    expiresAt: earliest(slidingExpiry(now, now, ctx.options.session), input.impersonation?.endsAt).toISOString(),
    rememberMe: input.rememberMe ? 1 : 0,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    activeOrganizationId,
    activeTeamId: null,
    impersonatedBy: input.impersonation?.adminId ?? null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  return { ...row, token };
}

function earliest(date: Date, other: Date | undefined): Date {
  return other && other.getTime() < date.getTime() ? other : date;
}

export interface SessionLifetimePolicy {
  expiresIn: number;
  updateAge: number;
  absoluteLifetime: number;
  idleTimeout: number;
}

/** A full `expiresIn` from now, never past the absolute limit counted from the creation. */
function slidingExpiry(now: Date, createdAt: Date, policy: Pick<SessionLifetimePolicy, "expiresIn" | "absoluteLifetime">): Date {
  const sliding = now.getTime() + policy.expiresIn * 1000;
  if (policy.absoluteLifetime === 0) return new Date(sliding);
  return new Date(Math.min(sliding, createdAt.getTime() + policy.absoluteLifetime * 1000));
}

/**
 * Whether a stored session has ended at `now`: its expiry passed, it is older than the absolute
 * lifetime (also for rows written before the limit existed), or it sat unused past the idle limit.
 */
function hasSessionEnded(session: Pick<SessionRow, "expiresAt" | "createdAt" | "updatedAt">, now: Date, policy: SessionLifetimePolicy): boolean {
  const at = now.getTime();
  if (Date.parse(session.expiresAt) <= at) return true;
  if (policy.absoluteLifetime > 0 && Date.parse(session.createdAt) + policy.absoluteLifetime * 1000 <= at) return true;
  return policy.idleTimeout > 0 && Date.parse(session.updatedAt) + policy.idleTimeout * 1000 <= at;
}

/**
 * The session for a raw token, or null if unknown or ended (an ended one is deleted): expired,
 * its person banned, or an impersonation whose admin may no longer impersonate.
 */
export async function validateSessionToken(ctx: AuthContext, token: string): Promise<ActiveSession | null> {
  const found = await ctx.lookupSession(ctx.sessionTokens.hashOf(token));
  if (!found) return null;
  const now = ctx.clock.now();
  const holds =
    isSessionCurrent(ctx, found, now) &&
    (found.session.impersonatedBy === null || (await mayStillImpersonate(ctx, found.session.impersonatedBy, found.user, now)));
  if (holds) return { session: found.session, user: found.user, token };
  // A ban that slipped past the ban's own ending of the sessions (set in the row directly): the
  // browser is told why all the same (account/ban.ts).
  if (isBanActive(found.user, now)) await markSessionEndedByBan(ctx, ctx.db, { session: found.session, user: found.user, now });
  await deleteSessionById(ctx.db, found.session.id);
  return null;
}

/**
 * Whether a session as looked up still holds at `now`: not ended, and its person not banned (a
 * banned person's sessions end with the ban; one that slipped past it ends here). An
 * impersonation also needs its admin (validateSessionToken asks).
 */
export function isSessionCurrent(ctx: AuthContext, found: Pick<ActiveSession, "session" | "user">, now: Date): boolean {
  return !hasSessionEnded(found.session, now, ctx.options.session) && !isBanActive(found.user, now);
}

/**
 * An impersonation session stands on the admin who started it. Its row is the person's, so the
 * admin's ban, demotion or removal, which end the admin's own sessions, do not reach it: it holds
 * only while that admin exists, is not banned at `now`, and still holds the permissions
 * impersonate-user asked for this person (impersonate, and impersonate-admins for an admin).
 */
async function mayStillImpersonate(ctx: AuthContext, adminId: string, person: Pick<UserRow, "role">, now: Date): Promise<boolean> {
  const admin = await findUserById(ctx.db, adminId);
  if (!admin || isBanActive(admin, now)) return false;
  return mayImpersonate(admin.role, person.role);
}

/**
 * Sliding expiry: once `updateAge` has passed since the expiry was last set, push it out to a
 * full `expiresIn` again. Non-persistent (rememberMe false) sessions are never extended.
 */
export function shouldRefreshSession(
  session: Pick<SessionRow, "expiresAt" | "rememberMe">,
  now: Date,
  policy: { expiresIn: number; updateAge: number },
): boolean {
  if (session.rememberMe !== 1) return false;
  const lastSetAt = Date.parse(session.expiresAt) - policy.expiresIn * 1000;
  return now.getTime() - lastSetAt >= policy.updateAge * 1000;
}

/** Fresh enough for sensitive actions: created within `freshAge` seconds; 0 disables the check. */
export function isFreshSession(session: Pick<SessionRow, "createdAt">, now: Date, freshAge: number): boolean {
  if (freshAge === 0) return true;
  return now.getTime() - Date.parse(session.createdAt) < freshAge * 1000;
}

/**
 * With an idle limit, how often a request records that the session is in use (its updatedAt):
 * a tenth of the limit, at most `updateAge`, so a session in use never looks idle and a busy one
 * costs one write per interval, not one per request.
 */
function isActivityDue(session: Pick<SessionRow, "updatedAt">, now: Date, policy: SessionLifetimePolicy): boolean {
  if (policy.idleTimeout === 0) return false;
  const interval = Math.min(policy.updateAge, policy.idleTimeout / 10) * 1000;
  return now.getTime() - Date.parse(session.updatedAt) >= interval;
}

/** Whether `refreshSessionIfDue` has anything to write now (checked without waiting). */
export function isRefreshDue(ctx: AuthContext, active: ActiveSession): boolean {
  const now = ctx.clock.now();
  const policy = ctx.options.session;
  return shouldRefreshSession(active.session, now, policy) || isActivityDue(active.session, now, policy);
}

/**
 * Extends the session in place when due (never past the absolute limit) and records activity
 * for the idle limit; returns whether the expiry moved (the cookie must be re-sent).
 */
export async function refreshSessionIfDue(ctx: AuthContext, active: ActiveSession): Promise<boolean> {
  const now = ctx.clock.now();
  const policy = ctx.options.session;
  const current = active.session.expiresAt;
  let expiresAt = current;
  if (shouldRefreshSession(active.session, now, policy)) {
    const extended = slidingExpiry(now, new Date(active.session.createdAt), policy).toISOString();
    if (extended > current) expiresAt = extended;
  }
  const extends_ = expiresAt !== current;
  if (!extends_ && !isActivityDue(active.session, now, policy)) return false;
  await extendSession(ctx.db, active.session.id, new Date(expiresAt), now);
  active.session = { ...active.session, expiresAt, updatedAt: now.toISOString() };
  return extends_;
}
