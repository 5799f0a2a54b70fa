import { sql, type CompiledQuery, type Kysely } from "kysely";
import type { ApiKeyRow, ApiKeyUpdate, Database, DB, NewApiKeyRow, UserRow } from "./database.js";
import type { PreparedLookup } from "./lookups.js";

/** A stored key with its numbers as numbers (PostgreSQL returns bigint columns as strings). */
export type ApiKeyRecord = Omit<ApiKeyRow, "rateLimitTimeWindow" | "refillInterval"> & {
  rateLimitTimeWindow: number | null;
  refillInterval: number | null;
};

/** A bigint column as a number (PostgreSQL returns those as strings). */
function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return { ...row, rateLimitTimeWindow: numberOrNull(row.rateLimitTimeWindow), refillInterval: numberOrNull(row.refillInterval) };
}

function toRecordOrUndefined(row: ApiKeyRow | undefined): ApiKeyRecord | undefined {
  return row ? toRecord(row) : undefined;
}

export async function insertApiKey(db: DB, row: NewApiKeyRow): Promise<ApiKeyRecord> {
  return toRecord(await db.insertInto("apikey").values(row).returningAll().executeTakeFirstOrThrow());
}

export async function findApiKeyById(db: DB, id: string): Promise<ApiKeyRecord | undefined> {
  return toRecordOrUndefined(await db.selectFrom("apikey").selectAll().where("id", "=", id).executeTakeFirst());
}

/** The apikey columns, read under a `k_` alias beside the user's. */
const KEY_COLUMNS = [
  "id",
  "configId",
  "name",
  "start",
  "prefix",
  "keyHash",
  "userId",
  "organizationId",
  "createdBy",
  "enabled",
  "expiresAt",
  "permissions",
  "metadata",
  "rateLimitEnabled",
  "rateLimitTimeWindow",
  "rateLimitMax",
  "requestCount",
  "lastRequest",
  "remaining",
  "refillAmount",
  "refillInterval",
  "lastRefillAt",
  "createdAt",
  "updatedAt",
] as const satisfies ReadonlyArray<keyof ApiKeyRow>;

/**
 * The user columns, read as they are beside the key's: listed rather than `u.*`, so that the
 * lookup is a named prepared statement on PostgreSQL (a text with `*` never is) and its rows'
 * shape is known (server/src/pg-known-shape-read.ts). `userOf` below names each one, so a column
 * added to the user table and not here does not compile.
 */
const USER_COLUMNS = [
  "id",
  "name",
  "email",
  "emailVerified",
  "image",
  "isAnonymous",
  "role",
  "banned",
  "banReason",
  "banExpires",
  "twoFactorEnabled",
  "createdAt",
  "updatedAt",
] as const satisfies ReadonlyArray<keyof UserRow>;

/**
 * The lookup's row: the key's columns under their `k_` aliases, beside the person's columns
 * (all null when the key stands for nobody: the join is a left join).
 */
type JoinedKeyRow = { [C in (typeof KEY_COLUMNS)[number] as `k_${C}`]: ApiKeyRow[C] } & { [C in (typeof USER_COLUMNS)[number]]: UserRow[C] };

function buildKeyLookupQuery(db: Kysely<Database>, keyHash: string) {
  return (
    db
      .selectFrom("apikey as k")
      // The person the key stands for: its owner, or for an organization's key its creator.
      .leftJoin("user as u", (join) => join.on(sql`"u"."id"`, "=", sql`coalesce("k"."userId", "k"."createdBy")`))
      .select(USER_COLUMNS.map((column) => `u.${column}` as const))
      .select(KEY_COLUMNS.map((column) => `k.${column} as k_${column}` as const))
      .where("k.keyHash", "=", keyHash)
  );
}

/**
 * The key's record from a joined row, property by property: written out, each read and write is
 * of one known name, where a loop over the column names went through V8's generic (megamorphic)
 * property access for every one of the 24, a visible share of a key's request under load.
 */
function keyRecordOf(row: JoinedKeyRow): ApiKeyRecord {
  return {
    id: row.k_id,
    configId: row.k_configId,
    name: row.k_name,
    start: row.k_start,
    prefix: row.k_prefix,
    keyHash: row.k_keyHash,
    userId: row.k_userId,
    organizationId: row.k_organizationId,
    createdBy: row.k_createdBy,
    enabled: row.k_enabled,
    expiresAt: row.k_expiresAt,
    permissions: row.k_permissions,
    metadata: row.k_metadata,
    rateLimitEnabled: row.k_rateLimitEnabled,
    rateLimitTimeWindow: numberOrNull(row.k_rateLimitTimeWindow),
    rateLimitMax: row.k_rateLimitMax,
    requestCount: row.k_requestCount,
    lastRequest: row.k_lastRequest,
    remaining: row.k_remaining,
    refillAmount: row.k_refillAmount,
    refillInterval: numberOrNull(row.k_refillInterval),
    lastRefillAt: row.k_lastRefillAt,
    createdAt: row.k_createdAt,
    updatedAt: row.k_updatedAt,
  };
}

/** The key's person from a joined row, property by property (as keyRecordOf); null when the key stands for nobody. */
function userOf(row: JoinedKeyRow): UserRow | null {
  if (row.id == null) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    image: row.image,
    isAnonymous: row.isAnonymous,
    role: row.role,
    banned: row.banned,
    banReason: row.banReason,
    banExpires: row.banExpires,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function splitRow(row: JoinedKeyRow): ApiKeyWithOwner {
  return { record: keyRecordOf(row), user: userOf(row) };
}

export interface ApiKeyWithOwner {
  record: ApiKeyRecord;
  user: UserRow | null;
}

/**
 * The lookup of a presented key, run on every request that carries one: one indexed read of its
 * hash joined with the person it stands for, compiled once and run, as the session lookup is,
 * by the database setup's Lookups (store/lookups.ts).
 */
export function prepareApiKeyLookup(db: Kysely<Database>): PreparedLookup<JoinedKeyRow, ApiKeyWithOwner> {
  const template = buildKeyLookupQuery(db, "").compile() as CompiledQuery<JoinedKeyRow>;
  return {
    query: (keyHash) => ({ ...template, parameters: [keyHash] }),
    found: (rows) => (rows[0] ? splitRow(rows[0]) : null),
  };
}

export type ApiKeyOwner = { userId: string } | { organizationId: string };

export interface ApiKeyListPage {
  limit?: number;
  offset?: number;
  sortBy?: "createdAt" | "updatedAt" | "name" | "expiresAt" | "lastRequest";
  sortDirection?: "asc" | "desc";
}

/** One owner's keys (a person's own, or an organization's: never both), with their total. */
export async function listApiKeysByOwner(db: DB, owner: ApiKeyOwner, page: ApiKeyListPage): Promise<{ rows: ApiKeyRecord[]; total: number }> {
  const base = db.selectFrom("apikey");
  const scoped = "userId" in owner ? base.where("userId", "=", owner.userId) : base.where("organizationId", "=", owner.organizationId);
  let query = scoped
    .selectAll()
    .orderBy(page.sortBy ?? "createdAt", page.sortDirection ?? "asc")
    .orderBy("id");
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) query = (page.limit === undefined ? query.limit(Number.MAX_SAFE_INTEGER) : query).offset(page.offset);
  const [rows, count] = await Promise.all([query.execute(), scoped.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow()]);
  return { rows: rows.map(toRecord), total: Number(count.total) };
}

export async function updateApiKey(db: DB, id: string, changes: ApiKeyUpdate): Promise<ApiKeyRecord | undefined> {
  return toRecordOrUndefined(await db.updateTable("apikey").set(changes).where("id", "=", id).returningAll().executeTakeFirst());
}

export async function deleteApiKeyById(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom("apikey").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteExpiredApiKeys(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom("apikey").where("expiresAt", "is not", null).where("expiresAt", "<", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How one use changes a key: the new values, applied only while every guard still holds. */
export interface ApiKeyUseClaim {
  set: { lastRequest?: string; requestCount?: number | "increment"; remaining?: number | "decrement"; lastRefillAt?: string };
  guard: {
    /** The window is still the one observed: lastRequest after this instant. */
    lastRequestAfter?: string;
    /** A new window starts: lastRequest at or before this instant (or never). */
    lastRequestAtOrBefore?: string | null;
    /** The counter is still below the limit. */
    requestCountBelow?: number;
    /** Uses are left. */
    remainingPositive?: boolean;
    /** The refill observed is still the last one (compare-and-set). */
    lastRefillAt?: string | null;
    /** The previous use observed is still the last one (one "first use of the day"). */
    lastRequestIs?: string | null;
  };
}

/**
 * Counts one use of a key atomically: one UPDATE … RETURNING whose WHERE holds the limits, so
 * parallel uses can never pass the limit (a use that loses a guard changes nothing and gets
 * undefined, and the caller decides again from the row as it now is).
 */
export async function claimApiKeyUse(db: DB, id: string, claim: ApiKeyUseClaim): Promise<ApiKeyRecord | undefined> {
  const { set, guard } = claim;
  let query = db
    .updateTable("apikey")
    .set((eb) => ({
      ...(set.lastRequest !== undefined ? { lastRequest: set.lastRequest } : {}),
      ...(set.lastRefillAt !== undefined ? { lastRefillAt: set.lastRefillAt } : {}),
      ...(set.requestCount === "increment"
        ? { requestCount: eb("requestCount", "+", 1) }
        : set.requestCount !== undefined
          ? { requestCount: set.requestCount }
          : {}),
      ...(set.remaining === "decrement" ? { remaining: eb("remaining", "-", 1) } : set.remaining !== undefined ? { remaining: set.remaining } : {}),
    }))
    .where("id", "=", id);
  if (guard.lastRequestAfter !== undefined) query = query.where("lastRequest", ">", guard.lastRequestAfter);
  if (guard.lastRequestAtOrBefore !== undefined) {
    const before = guard.lastRequestAtOrBefore;
    query = before === null ? query.where("lastRequest", "is", null) : query.where("lastRequest", "<=", before);
  }
  if (guard.requestCountBelow !== undefined) query = query.where("requestCount", "<", guard.requestCountBelow);
  if (guard.remainingPositive) query = query.where("remaining", ">", 0);
  if (guard.lastRefillAt !== undefined) {
    const at = guard.lastRefillAt;
    query = at === null ? query.where("lastRefillAt", "is", null) : query.where("lastRefillAt", "=", at);
  }
  if (guard.lastRequestIs !== undefined) {
    const at = guard.lastRequestIs;
    query = at === null ? query.where("lastRequest", "is", null) : query.where("lastRequest", "=", at);
  }
  return toRecordOrUndefined(await query.returningAll().executeTakeFirst());
}
