import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomAlphanumeric } from "../deps/random.js";
import type { SessionRow, UserRow } from "../store/database.js";
import { deleteSessionById, extendSession, insertSession } from "../store/session-store.js";

/** A validated session: the row, its user, and the raw token the caller presented. */
export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
  token: string;
}

export interface NewSessionInput {
  userId: string;
  /** false: a browser-session cookie and no sliding refresh (spec §4). Default true. */
  rememberMe: boolean;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId?: string | null;
}

const SESSION_TOKEN_LENGTH = 32;

/** Creates a session; the raw token is returned once and only its hash is stored. */
export async function createSession(ctx: AuthContext, input: NewSessionInput): Promise<ActiveSession["session"] & { token: string }> {
  const now = ctx.clock.now();
  const token = randomAlphanumeric(ctx.random, SESSION_TOKEN_LENGTH);
  const row = await insertSession(ctx.db, {
    id: generateId(ctx.random),
    tokenHash: hashToken(token),
    userId: input.userId,
    expiresAt: new Date(now.getTime() + ctx.options.session.expiresIn * 1000).toISOString(),
    rememberMe: input.rememberMe ? 1 : 0,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
    activeOrganizationId: input.activeOrganizationId ?? null,
    activeTeamId: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  return { ...row, token };
}

/** The session for a raw token, or null if unknown or expired (an expired one is deleted). */
export async function validateSessionToken(ctx: AuthContext, token: string): Promise<ActiveSession | null> {
  const found = await ctx.lookupSession(hashToken(token));
  if (!found) return null;
  if (found.session.expiresAt <= ctx.clock.now().toISOString()) {
    await deleteSessionById(ctx.db, found.session.id);
    return null;
  }
  return { ...found, token };
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

/** Extends the session in place when due; returns whether it did (the cookie must be re-sent). */
export async function refreshSessionIfDue(ctx: AuthContext, active: ActiveSession): Promise<boolean> {
  const now = ctx.clock.now();
  if (!shouldRefreshSession(active.session, now, ctx.options.session)) return false;
  const expiresAt = new Date(now.getTime() + ctx.options.session.expiresIn * 1000);
  await extendSession(ctx.db, active.session.id, expiresAt, now);
  active.session = { ...active.session, expiresAt: expiresAt.toISOString(), updatedAt: now.toISOString() };
  return true;
}
