import type { CompiledQuery, Kysely } from "kysely";
import type { Database, DB, NewSessionRow, SessionRow, UserRow } from "./database.js";
import type { PreparedLookup } from "./lookups.js";
import { deleteInBatches, type SweepPace } from "./batched-delete.js";

export interface SessionWithUserRow {
  session: SessionRow;
  user: UserRow;
}

interface JoinedRow {
  s_id: string;
  s_tokenHash: string;
  s_userId: string;
  s_expiresAt: string;
  s_rememberMe: number;
  s_ipAddress: string | null;
  s_userAgent: string | null;
  s_activeOrganizationId: string | null;
  s_activeTeamId: string | null;
  s_impersonatedBy: string | null;
  s_createdAt: string;
  s_updatedAt: string;
  u_id: string;
  u_name: string;
  u_email: string;
  u_emailVerified: number;
  u_image: string | null;
  u_isAnonymous: number;
  u_role: string | null;
  u_banned: number;
  u_banReason: string | null;
  u_banExpires: string | null;
  u_twoFactorEnabled: number;
  u_createdAt: string;
  u_updatedAt: string;
}

function buildLookupQuery(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("session as s")
    .innerJoin("user as u", "u.id", "s.userId")
    .select([
      "s.id as s_id",
      "s.tokenHash as s_tokenHash",
      "s.userId as s_userId",
      "s.expiresAt as s_expiresAt",
      "s.rememberMe as s_rememberMe",
      "s.ipAddress as s_ipAddress",
      "s.userAgent as s_userAgent",
      "s.activeOrganizationId as s_activeOrganizationId",
      "s.activeTeamId as s_activeTeamId",
      "s.impersonatedBy as s_impersonatedBy",
      "s.createdAt as s_createdAt",
      "s.updatedAt as s_updatedAt",
      "u.id as u_id",
      "u.name as u_name",
      "u.email as u_email",
      "u.emailVerified as u_emailVerified",
      "u.image as u_image",
      "u.isAnonymous as u_isAnonymous",
      "u.role as u_role",
      "u.banned as u_banned",
      "u.banReason as u_banReason",
      "u.banExpires as u_banExpires",
      "u.twoFactorEnabled as u_twoFactorEnabled",
      "u.createdAt as u_createdAt",
      "u.updatedAt as u_updatedAt",
    ])
    .where("s.tokenHash", "=", tokenHash);
}

function splitJoinedRow(row: JoinedRow): SessionWithUserRow {
  return {
    session: {
      id: row.s_id,
      tokenHash: row.s_tokenHash,
      userId: row.s_userId,
      expiresAt: row.s_expiresAt,
      rememberMe: row.s_rememberMe,
      ipAddress: row.s_ipAddress,
      userAgent: row.s_userAgent,
      activeOrganizationId: row.s_activeOrganizationId,
      activeTeamId: row.s_activeTeamId,
      impersonatedBy: row.s_impersonatedBy,
      createdAt: row.s_createdAt,
      updatedAt: row.s_updatedAt,
    },
    user: {
      id: row.u_id,
      name: row.u_name,
      email: row.u_email,
      emailVerified: row.u_emailVerified,
      image: row.u_image,
      isAnonymous: row.u_isAnonymous,
      role: row.u_role,
      banned: row.u_banned,
      banReason: row.u_banReason,
      banExpires: row.u_banExpires,
      twoFactorEnabled: row.u_twoFactorEnabled,
      createdAt: row.u_createdAt,
      updatedAt: row.u_updatedAt,
    },
  };
}

/**
 * The session lookup run on every authenticated request, by the token's hash. The SQL is
 * compiled once per database and re-run with a new parameter, so the hot path does no query
 * building; the database setup's Lookups run it (store/lookups.ts).
 */
export function prepareSessionLookup(db: Kysely<Database>): PreparedLookup<JoinedRow, SessionWithUserRow> {
  const template: CompiledQuery<JoinedRow> = buildLookupQuery(db, "").compile();
  return {
    query: (tokenHash) => ({ ...template, parameters: [tokenHash] }),
    found: (rows) => (rows[0] ? splitJoinedRow(rows[0]) : null),
  };
}

export async function insertSession(db: DB, row: NewSessionRow): Promise<SessionRow> {
  return db.insertInto("session").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findSessionsByUserId(db: DB, userId: string, now: Date): Promise<SessionRow[]> {
  return db.selectFrom("session").selectAll().where("userId", "=", userId).where("expiresAt", ">", now.toISOString()).orderBy("createdAt", "desc").execute();
}

export async function extendSession(db: DB, id: string, expiresAt: Date, now: Date): Promise<void> {
  await db.updateTable("session").set({ expiresAt: expiresAt.toISOString(), updatedAt: now.toISOString() }).where("id", "=", id).execute();
}

export async function deleteSessionById(db: DB, id: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", id).execute();
}

/** Deletes one of the user's sessions, found by its id or its token hash; false if none was the user's. */
export async function deleteUserSession(db: DB, userId: string, match: { id: string; tokenHash: string }): Promise<boolean> {
  const result = await db
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("id", "=", match.id), eb("tokenHash", "=", match.tokenHash)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The token hashes and ends of a person's sessions (a ban marks each as ended by it: account/ban.ts). */
export async function findSessionTokenHashes(db: DB, userId: string): Promise<Array<Pick<SessionRow, "tokenHash" | "expiresAt">>> {
  return db.selectFrom("session").select(["tokenHash", "expiresAt"]).where("userId", "=", userId).execute();
}

export async function deleteSessionsByUserId(db: DB, userId: string, exceptSessionId?: string): Promise<number> {
  let query = db.deleteFrom("session").where("userId", "=", userId);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the impersonation sessions an admin started: rows of other people naming them in
 * impersonatedBy. Whoever ends an admin's sessions ends these too, or a stolen admin session's
 * impersonation would outlive it.
 */
export async function deleteImpersonationsBy(db: DB, adminId: string): Promise<number> {
  const result = await db.deleteFrom("session").where("impersonatedBy", "=", adminId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The expiry sweep's share: sessions past their end, in batches (deleteInBatches), found through session_expiresAt_idx. */
export async function deleteExpiredSessions(db: DB, now: Date, pace: SweepPace): Promise<number> {
  const at = now.toISOString();
  return deleteInBatches(pace, (limit) => expiredSessionsBatch(db, at, limit).executeTakeFirstOrThrow());
}

/**
 * One batch of the sweep: at most `limit` sessions ended by `at`, the earliest first. The order
 * keeps both planners on session_expiresAt_idx: with a bare LIMIT, statistics showing most rows
 * expired made SQLite and PostgreSQL read the table from its start, past every live session, for
 * each batch (at 1,000,000 people: 1.4 s a batch on SQLite).
 */
export function expiredSessionsBatch(db: DB, at: string, limit: number) {
  return db.deleteFrom("session").where("id", "in", db.selectFrom("session").select("id").where("expiresAt", "<=", at).orderBy("expiresAt").limit(limit));
}

/** Deletes the session with this token hash; returns its user id, or null if there was none. */
export async function deleteSessionByTokenHash(db: DB, tokenHash: string): Promise<string | null> {
  const row = await db.deleteFrom("session").where("tokenHash", "=", tokenHash).returning("userId").executeTakeFirst();
  return row?.userId ?? null;
}

/** Deletes the session with this id or token hash (an admin's handle); returns its user id, or null. */
export async function deleteSessionByHandle(db: DB, handle: { id: string; tokenHash: string }): Promise<string | null> {
  const row = await db
    .deleteFrom("session")
    .where((eb) => eb.or([eb("id", "=", handle.id), eb("tokenHash", "=", handle.tokenHash)]))
    .returning("userId")
    .executeTakeFirst();
  return row?.userId ?? null;
}
