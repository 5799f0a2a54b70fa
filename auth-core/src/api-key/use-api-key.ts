import type { AuthContext } from "../context.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { APIError } from "../errors.js";
import { createAudit, type Audit, type AuditClient } from "../audit/audit-log.js";
import type { PermissionConnector, PermissionRequest } from "../shared/access-control.js";
import { claimApiKeyUse, deleteApiKeyById, findApiKeyById, type ApiKeyRecord, type ApiKeyUseClaim, type ApiKeyWithOwner } from "../store/api-key-store.js";
import type { UserRow } from "../store/database.js";
import { isBanActive } from "../account/ban.js";
import { meetsTwoFactorRule } from "../account/two-factor-rule.js";
import { findMember } from "../store/member-store.js";
import { mayManageOrganizationKeys } from "./manage.js";
import { keyPermissions } from "./wire.js";

/** A key that passed every check, with the person it stands for (its owner, or its creator). */
export interface UsedApiKey {
  record: ApiKeyRecord;
  /** A person's key: its owner. An organization's key: the person who created it. */
  user: UserRow;
}

/** The rows a key check writes: a refused use, and a key's first use of each day. */
const KEY_USE_EVENTS = ["api-key-used", "api-key-refused"] as const;
type KeyUseAudit = Audit<(typeof KEY_USE_EVENTS)[number]>;

/** The audit of a key check made by the session gate (an endpoint's own declaration does not cover it). */
export function keyUseAudit(ctx: AuthContext, client: AuditClient): KeyUseAudit {
  return createAudit(ctx, client, KEY_USE_EVENTS);
}

interface UseOptions {
  /** The permissions the caller needs; every action must be granted to the key. */
  permissions?: PermissionRequest;
  /** Where its rows go, asked for only when a row is due (most uses write none). */
  audit: () => KeyUseAudit;
  /**
   * A request carrying the key: a use that counts nothing is answered before its bookkeeping is
   * written (writeUseAfterAnswer). verify answers the key's row as written, so it waits.
   */
  answerFirst?: true;
}

function refuse(
  status: number,
  code: "INVALID_API_KEY" | "KEY_DISABLED" | "KEY_EXPIRED" | "KEY_NOT_FOUND" | "USAGE_EXCEEDED" | "USER_BANNED" | "INVALID_REFERENCE_ID_FROM_API_KEY",
): APIError {
  return APIError.from(status, code);
}

/**
 * Every requested action on each resource is among the key's (better-auth's `role().authorize`);
 * with "OR", one resource granted whole is enough.
 */
export function keyGrants(
  granted: Readonly<Record<string, readonly string[]>> | null,
  request: PermissionRequest,
  connector: PermissionConnector = "AND",
): boolean {
  if (!granted) return false;
  const entries = Object.entries(request);
  if (entries.length === 0) return false;
  const grants = ([resource, actions]: [string, readonly string[]]): boolean => {
    const allowed = Object.hasOwn(granted, resource) ? granted[resource] : undefined;
    return allowed !== undefined && actions.length > 0 && actions.every((action) => allowed.includes(action));
  };
  return connector === "OR" ? entries.some(grants) : entries.every(grants);
}

const MAX_CLAIM_ATTEMPTS = 16;

function sameUTCDay(a: string | null, now: Date): boolean {
  return a !== null && a.slice(0, 10) === now.toISOString().slice(0, 10);
}

/** How fresh `lastRequest` is kept for a key with no limit to count: the UI shows minutes. */
const LAST_USE_RESOLUTION_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

function isLastUseStale(lastRequest: string | null, now: Date): boolean {
  if (lastRequest === null) return true;
  const last = Date.parse(lastRequest);
  const at = now.getTime();
  return at - last >= LAST_USE_RESOLUTION_MS || Math.floor(at / DAY_MS) !== Math.floor(last / DAY_MS);
}

/**
 * What one use writes, decided from the row as read (the plugin's semantics): with the limit on,
 * at most `rateLimitMax` uses while each comes within `rateLimitTimeWindow` ms of the previous
 * one; then 429 RATE_LIMITED with `details.tryAgainIn` (ms). `remaining` counts down (refilled
 * by `refillAmount` every `refillInterval` ms). Null when the use writes nothing.
 */
function planUse(ctx: AuthContext, record: ApiKeyRecord, now: Date): ApiKeyUseClaim | null {
  const limited = ctx.options.apiKey.rateLimit.enabled && record.rateLimitEnabled === 1;
  // The common case of a key without a limit or a quota: nothing to write most of the time.
  if (!limited && record.remaining === null && !isLastUseStale(record.lastRequest, now)) return null;
  const at = now.toISOString();
  const claim: ApiKeyUseClaim = { set: {}, guard: {} };
  const window = record.rateLimitTimeWindow;
  const max = record.rateLimitMax;
  if (!limited) {
    // Nothing to count: "last used" is kept to the minute, so a busy key writes once a minute.
    if (isLastUseStale(record.lastRequest, now)) claim.set.lastRequest = at;
  } else if (window !== null && max !== null) {
    if (record.lastRequest === null) {
      claim.set = { lastRequest: at, requestCount: 1 };
      claim.guard.lastRequestAtOrBefore = null;
    } else {
      const since = now.getTime() - Date.parse(record.lastRequest);
      const windowStart = new Date(now.getTime() - window).toISOString();
      if (since > window) {
        claim.set = { lastRequest: at, requestCount: 1 };
        claim.guard.lastRequestAtOrBefore = windowStart;
      } else if (record.requestCount >= max) {
        throw APIError.from(429, "RATE_LIMITED", { details: { tryAgainIn: Math.ceil(window - since) } });
      } else {
        claim.set = { lastRequest: at, requestCount: "increment" };
        claim.guard.lastRequestAfter = windowStart;
        claim.guard.requestCountBelow = max;
      }
    }
  }
  if (record.remaining !== null) {
    const { refillInterval, refillAmount } = record;
    const lastRefill = Date.parse(record.lastRefillAt ?? record.createdAt);
    if (refillInterval && refillAmount && now.getTime() - lastRefill > refillInterval) {
      claim.set.remaining = refillAmount - 1;
      claim.set.lastRefillAt = at;
      claim.guard.lastRefillAt = record.lastRefillAt;
    } else if (record.remaining <= 0) {
      throw refuse(429, "USAGE_EXCEEDED");
    } else {
      claim.set.remaining = "decrement";
      claim.guard.remainingPositive = true;
    }
  }
  if (claim.set.lastRequest === undefined && claim.set.remaining === undefined) return null;
  // The first use of a UTC day is recorded once: only the use that moves lastRequest off the
  // previous day's value wins that (a parallel one decides again and sees today).
  if (!sameUTCDay(record.lastRequest, now)) claim.guard.lastRequestIs = record.lastRequest;
  return claim;
}

/**
 * Writes one use (the claim planned from the row as read) atomically; a use that loses a race
 * plans again from the fresh row.
 */
async function claimUse(ctx: AuthContext, first: ApiKeyRecord, firstClaim: ApiKeyUseClaim): Promise<{ record: ApiKeyRecord; firstUseToday: boolean }> {
  let record = first;
  let claim: ApiKeyUseClaim | null = firstClaim;
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
    if (!claim) return { record, firstUseToday: false };
    const updated = await claimApiKeyUse(ctx.db, record.id, claim);
    if (updated) return { record: updated, firstUseToday: claim.guard.lastRequestIs !== undefined };
    const fresh = await findApiKeyById(ctx.db, record.id);
    if (!fresh) throw refuse(401, "INVALID_API_KEY");
    record = fresh;
    claim = planUse(ctx, record, ctx.clock.now());
  }
  throw APIError.from(429, "RATE_LIMITED", { details: { tryAgainIn: 0 } });
}

/**
 * Whether a use of the key counts nothing: no limit of the key's in force and no quota. Its write
 * is then bookkeeping only (`lastRequest`, at most once a minute, and the day's first-use row)
 * on which no answer depends.
 */
export function countsNothing(ctx: AuthContext, record: ApiKeyRecord): boolean {
  return !(ctx.options.apiKey.rateLimit.enabled && record.rateLimitEnabled === 1) && record.remaining === null;
}

/** Writes a use's claim and, when it is the first use of the UTC day, its `api-key-used` row. */
async function writeUse(ctx: AuthContext, { record, user }: UsedApiKey, claim: ApiKeyUseClaim, audit: () => KeyUseAudit): Promise<ApiKeyRecord> {
  const { record: used, firstUseToday } = await claimUse(ctx, record, claim);
  if (firstUseToday) {
    await audit().record({
      userId: user.id,
      type: "api-key-used",
      method: "api-key",
      organizationId: used.organizationId,
      detail: { keyId: used.id, start: used.start },
    });
  }
  return used;
}

/**
 * The bookkeeping of a use that counts nothing, written after the answer (ctx.afterAnswer; tests
 * wait with `auth.settled()`), at most one write of a key at a time: a use of the key while one is
 * under way adds nothing (that write moves `lastRequest` to now and claims the day). A failed
 * write is logged and leaves `lastRequest` as it was, so the key's next use writes again. The
 * guarded claim (`lastRequestIs`) still records the day's first use once across processes.
 * Answers false (nothing scheduled) when the use must wait for its write (it counts something).
 */
export function writeUseAfterAnswer(ctx: AuthContext, used: UsedApiKey, claim: ApiKeyUseClaim, audit: () => KeyUseAudit): boolean {
  if (!countsNothing(ctx, used.record)) return false;
  const pending = ctx.apiKeyUsesWriting;
  const id = used.record.id;
  if (pending.has(id)) return true;
  pending.add(id);
  ctx.afterAnswer.run(
    async () => {
      try {
        await writeUse(ctx, used, claim, audit);
      } catch (error) {
        // The key went between the answer and its write: nothing left to record.
        if (!(error instanceof APIError)) throw error;
      } finally {
        pending.delete(id);
      }
    },
    { message: "an API key's use was not recorded", level: "error", fields: { keyId: id } },
  );
  return true;
}

/** A refusal of a key (after which an expired or used-up key is deleted). */
type KeyRefusal = { refusal: APIError; record?: ApiKeyRecord; deleteKey?: true };

/**
 * The checks of a key found (or not) by its hash, in the plugin's order, up to the person it
 * stands for, without writing anything: the key use below and the fast path
 * (fast-path/get-session.ts) both ask them. An organization's key then needs its creator's
 * membership (checkCreator), and every key its count (judgeCount).
 */
export function judgeKey(
  hash: string,
  found: ApiKeyWithOwner | null,
  permissions: PermissionRequest | undefined,
  now: Date,
): KeyRefusal | { refusal?: undefined; record: ApiKeyRecord; user: UserRow } {
  if (!found || !constantTimeEqual(found.record.keyHash, hash)) return { refusal: refuse(401, "INVALID_API_KEY") };
  const { record, user } = found;
  if (record.enabled !== 1) return { refusal: refuse(401, "KEY_DISABLED"), record };
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime()) return { refusal: refuse(401, "KEY_EXPIRED"), record, deleteKey: true };
  if (permissions && !keyGrants(keyPermissions(record), permissions)) return { refusal: refuse(401, "KEY_NOT_FOUND"), record };
  // The person the key stands for: its owner, or for an organization's key its creator. A key
  // acts as that person, so without them (a deleted creator's account) it acts for nobody.
  if (!user) return { refusal: refuse(401, "INVALID_REFERENCE_ID_FROM_API_KEY"), record };
  if (isBanActive(user, now)) return { refusal: refuse(401, "USER_BANNED"), record };
  return { record, user };
}

/** What a use of a key that passed every check writes (null: nothing), or its refusal by the key's limits. */
export function judgeCount(ctx: AuthContext, record: ApiKeyRecord, now: Date): KeyRefusal | { refusal?: undefined; claim: ApiKeyUseClaim | null } {
  // Used up for good: the plugin deletes such a key.
  if (record.remaining === 0 && record.refillAmount === null) return { refusal: refuse(429, "USAGE_EXCEEDED"), record, deleteKey: true };
  try {
    return { claim: planUse(ctx, record, now) };
  } catch (error) {
    if (error instanceof APIError) return { refusal: error, record };
    throw error;
  }
}

/**
 * An organization's key acts as the membership of the person who made it, so each use (not a
 * deletion of rows) asks that membership again: still there, still one that may make keys
 * (owner or admin), and the very one that made the key: a membership begun after the key is
 * another, so a creator removed and added again makes a new key (a demoted and re-promoted
 * creator keeps the same membership, and the key acts again). Otherwise the key is refused as an
 * unknown one (401 INVALID_API_KEY). The organization's two-factor rule holds the creator as it
 * holds their own session (403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION).
 */
async function checkCreator(ctx: AuthContext, record: ApiKeyRecord, organizationId: string, creator: UserRow): Promise<void> {
  const member = await findMember(ctx.db, organizationId, creator.id);
  if (!member || Date.parse(member.createdAt) > Date.parse(record.createdAt) || !mayManageOrganizationKeys(member.role)) {
    throw refuse(401, "INVALID_API_KEY");
  }
  if (!(await meetsTwoFactorRule(ctx, organizationId, creator.id))) throw APIError.from(403, "TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
}

async function refused(ctx: AuthContext, verdict: KeyRefusal): Promise<never> {
  if (verdict.deleteKey) await deleteApiKeyById(ctx.db, verdict.record!.id);
  throw verdict.refusal;
}

/**
 * Checks the key and writes its use: the claim (most uses of a key without a limit write none) and
 * the first use of the day; for a request's use that counts nothing, after the answer.
 */
async function checkKey(ctx: AuthContext, key: string, options: UseOptions, seen: { record?: ApiKeyRecord }): Promise<UsedApiKey> {
  // Shorter than any key made: no lookup, and the same answer as for any other unknown key.
  if (key.length < ctx.options.apiKey.defaultKeyLength) throw refuse(401, "INVALID_API_KEY");
  const hash = ctx.apiKeyHashes.hashOf(key);
  const found = await ctx.lookupApiKey(hash);
  const now = ctx.clock.now();
  const verdict = judgeKey(hash, found, options.permissions, now);
  seen.record = verdict.record;
  if (verdict.record) ctx.apiKeyHashes.remember(key, hash);
  if (verdict.refusal) return refused(ctx, verdict);
  const { record, user } = verdict;
  if (record.organizationId !== null) await checkCreator(ctx, record, record.organizationId, user);
  const count = judgeCount(ctx, record, now);
  if (count.refusal) return refused(ctx, count);
  if (!count.claim) return { record, user };
  if (options.answerFirst && writeUseAfterAnswer(ctx, { record, user }, count.claim, options.audit)) return { record, user };
  return { record: await writeUse(ctx, { record, user }, count.claim, options.audit), user };
}

/**
 * One use of a key (verify over HTTP or in-process, or a request carrying it): found by the hash
 * of it, enabled, not expired, holding the asked permissions, the person it stands for (owner, or
 * an organization key's creator) still there and not banned, an organization key's creator still
 * its owner or admin and within its two-factor rule, within its limits, and counted. A
 * refusal throws the plugin's error and is recorded. Verify and a request carrying the key both
 * ask this one check, so verify refuses a key for the same reasons, with the same code.
 */
export async function useApiKey(ctx: AuthContext, key: string, options: UseOptions): Promise<UsedApiKey> {
  const seen: { record?: ApiKeyRecord } = {};
  try {
    return await checkKey(ctx, key, options, seen);
  } catch (error) {
    if (error instanceof APIError) await recordRefusal(options.audit(), seen.record, error);
    throw error;
  }
}

/** The row of a refused use: which key (an unknown key names nobody and is never logged itself). */
async function recordRefusal(audit: KeyUseAudit, record: ApiKeyRecord | undefined, error: APIError): Promise<void> {
  await audit.record({
    userId: record?.userId ?? null,
    type: "api-key-refused",
    outcome: "failure",
    method: "api-key",
    organizationId: record?.organizationId ?? null,
    detail: { code: error.code, ...(record ? { keyId: record.id, start: record.start } : {}) },
  });
}
