/**
 * The audit log's writer, its one place in auth-core: every row of `securityEvent` is written
 * through an audit built here, in the transaction of the change it records (the SQL is
 * store/audit-log-store.ts; the event types, shared/audit-events.ts). Reading the log is the
 * server's product (server/src/product/audit/).
 */
import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import type { AuditEventType, AuditOutcome, TargetedAuditEventType } from "../shared/audit-events.js";
import type { SweepPace } from "../store/batched-delete.js";
import type { DB } from "../store/database.js";
import { deleteSecurityEventById, deleteSecurityEventsBefore, insertSecurityEvent, type NewSecurityEvent } from "../store/audit-log-store.js";

/** Who made the request a row records. */
export interface AuditClient {
  ipAddress: string | null;
  userAgent: string | null;
  requestId?: string;
}

/**
 * An operator's row names the person acted on (their own log shows it); no other row
 * may name one.
 */
type AuditTarget<E extends AuditEventType> = E extends TargetedAuditEventType ? { targetUserId: string } : { targetUserId?: never };

/** One row, as an endpoint writes it: the client and time are filled in by the audit it was given. */
export type AuditEntry<E extends AuditEventType> = AuditRow<E> & AuditTarget<E>;

interface AuditRow<E extends AuditEventType> {
  type: E;
  userId: string | null;
  /** Default "success". */
  outcome?: AuditOutcome;
  /** password, passkey, anonymous, email-link or a provider id; null when none applies. */
  method?: string | null;
  /** The organization the event belongs to, where there is one. */
  organizationId?: string | null;
  detail?: NewSecurityEvent["detail"];
}

/** What the work of a change gets beside its transaction. */
export interface AuditedChange<E extends AuditEventType> {
  /** Writes the change's row in its transaction; answers the row's id (for `revert`). */
  readonly write: (entry: AuditEntry<E>) => Promise<string>;
  /** The work found nothing to change: its transaction is rolled back and no row is needed. */
  readonly unchanged: () => void;
}

/**
 * The audit log as one call sees it, limited to the event types its endpoint declares
 * (`audit: [...]` on `defineEndpoint`). The one rule for a row: writing it is part of the work it
 * records, so a row that cannot be written fails that work like any other database error. A
 * change is rolled back with it (no change without its row, no row without its change), a
 * recorded attempt fails with it; the router answers 500 unless the caller catches the error.
 */
export interface Audit<E extends AuditEventType> {
  /**
   * Runs `work` in one transaction and commits it only with its row: work that neither wrote a
   * row (`write`) nor said it changed nothing (`unchanged`) is rolled back with an error.
   */
  readonly change: <R>(work: (trx: DB, audit: AuditedChange<E>) => Promise<R>) => Promise<R>;
  /** The row of an attempt that is no change of its own: a sign-in, a refused attempt. */
  readonly record: (entry: AuditEntry<E>) => Promise<void>;
  /**
   * Undoes a committed change whose follow-up failed (a mail the transport refused): `work` and
   * the removal of the change's row share one transaction, so the log keeps neither.
   */
  readonly revert: (rowId: string, work: (trx: DB) => Promise<void>) => Promise<void>;
}

/** How an endpoint declares its rows: the event types it writes, or why it writes none. */
export type AuditDeclaration<E extends AuditEventType> = readonly E[] | { readonly none: string };

/** A declared change that committed without its row: a defect of the endpoint, answered 500. */
export class MissingAuditRowError extends Error {
  constructor(declared: readonly string[]) {
    super(`a change of [${declared.join(", ")}] ended without its audit row`);
    this.name = "MissingAuditRowError";
  }
}

function refuseUndeclared(): never {
  throw new Error("this endpoint declares no audit events (audit: { none })");
}

/** The audit of an endpoint that declares `{ none }`: the compiler already refuses every use (Audit<never>). */
const NO_AUDIT: Audit<AuditEventType> = { change: refuseUndeclared, record: refuseUndeclared, revert: refuseUndeclared };

class Unchanged<R> {
  constructor(readonly result: R) {}
}

function toRow(ctx: AuthContext, client: AuditClient, entry: AuditEntry<AuditEventType>): NewSecurityEvent {
  return {
    id: generateId(ctx.random),
    userId: entry.userId,
    targetUserId: entry.targetUserId ?? null,
    type: entry.type,
    outcome: entry.outcome ?? "success",
    method: entry.method ?? null,
    organizationId: entry.organizationId ?? null,
    requestId: client.requestId ?? null,
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
    detail: entry.detail,
    at: ctx.clock.now(),
  };
}

/**
 * The audit of one call (the router builds it from the endpoint's declaration; the server's own
 * changes get theirs through `auth.audit`). A type outside `declared` is refused at run time too.
 */
export function createAudit<E extends AuditEventType>(ctx: AuthContext, client: AuditClient, declared: AuditDeclaration<E>): Audit<E> {
  if (!Array.isArray(declared)) return NO_AUDIT; // most calls (every read) build nothing
  const types: readonly string[] = declared;
  const rowOf = (entry: AuditEntry<E>): NewSecurityEvent => {
    if (!types.includes(entry.type)) throw new Error(`audit event "${entry.type}" is not declared by this endpoint`);
    return toRow(ctx, client, entry);
  };
  return {
    async change(work) {
      try {
        return await ctx.db.transaction().execute(async (trx) => {
          let written = false;
          let unchanged = false;
          const result = await work(trx, {
            write: async (entry) => {
              const row = rowOf(entry);
              await insertSecurityEvent(trx, row);
              written = true;
              return row.id;
            },
            unchanged: () => {
              unchanged = true;
            },
          });
          if (written) return result;
          if (unchanged) throw new Unchanged(result);
          throw new MissingAuditRowError(types);
        });
      } catch (error) {
        if (error instanceof Unchanged) return error.result as Awaited<ReturnType<typeof work>>;
        throw error;
      }
    },
    async record(entry) {
      await insertSecurityEvent(ctx.db, rowOf(entry));
    },
    async revert(rowId, work) {
      await ctx.db.transaction().execute(async (trx) => {
        await deleteSecurityEventById(trx, rowId);
        await work(trx);
      });
    },
  };
}

/** Retention: removes rows older than `auditLog.retentionDays` (0 keeps every row). */
export async function pruneAuditLog(ctx: AuthContext, now: Date, pace: SweepPace): Promise<number> {
  const days = ctx.options.auditLog.retentionDays;
  if (days <= 0) return 0;
  return deleteSecurityEventsBefore(ctx.db, new Date(now.getTime() - days * 24 * 60 * 60 * 1000), pace);
}
