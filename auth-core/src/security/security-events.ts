import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import type { AuditEventType, AuditOutcome } from "../shared/audit-events.js";
import type { DB } from "../store/database.js";
import { deleteSecurityEventById, deleteSecurityEventsBefore, insertSecurityEvent, type NewSecurityEvent } from "../store/security-event-store.js";

export interface SecurityEventInput {
  userId: string | null;
  /** Issue 23: the person an admin's action was about. */
  targetUserId?: string | null;
  type: AuditEventType;
  outcome: AuditOutcome;
  /** password, passkey, anonymous, email-link or a provider id; null when none applies. */
  method?: string | null;
  /** The organization the event belongs to, where there is one. */
  organizationId?: string | null;
  client: { ipAddress: string | null; userAgent: string | null; requestId?: string };
  detail?: NewSecurityEvent["detail"];
}

function toRow(ctx: AuthContext, event: SecurityEventInput): NewSecurityEvent {
  return {
    id: generateId(ctx.random),
    userId: event.userId,
    targetUserId: event.targetUserId ?? null,
    type: event.type,
    outcome: event.outcome,
    method: event.method ?? null,
    organizationId: event.organizationId ?? null,
    requestId: event.client.requestId ?? null,
    ipAddress: event.client.ipAddress,
    userAgent: event.client.userAgent,
    detail: event.detail,
    at: ctx.clock.now(),
  };
}

/**
 * Writes the row of a change inside the change's own transaction (issue 11): an error rolls the
 * change back with it, so no change happens without its row and a failed change leaves none.
 */
export async function writeAuditEvent(ctx: AuthContext, trx: DB, event: SecurityEventInput): Promise<string> {
  const row = toRow(ctx, event);
  await insertSecurityEvent(trx, row);
  return row.id;
}

/** Undoes a change whose follow-up failed (a mail that was refused): its row goes with it. */
export async function discardAuditEvent(trx: DB, id: string): Promise<void> {
  await deleteSecurityEventById(trx, id);
}

/** Retention: removes rows older than `auditLog.retentionDays` (0 keeps every row). */
export async function pruneAuditLog(ctx: AuthContext, now: Date): Promise<number> {
  const days = ctx.options.auditLog.retentionDays;
  if (days <= 0) return 0;
  return deleteSecurityEventsBefore(ctx.db, new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
}

/**
 * Records a row that belongs to no change of its own (a sign-in, a refused attempt). A failure
 * to write it is logged, never turned into a failed sign-in: there the log is evidence, not a gate.
 */
export async function recordSecurityEvent(ctx: AuthContext, event: SecurityEventInput): Promise<void> {
  try {
    await insertSecurityEvent(ctx.db, toRow(ctx, event));
  } catch (error) {
    ctx.logger.error("security event not recorded", { type: event.type, error: String(error) });
  }
}
