import type { AuditEventType, AuditOutcome } from "../shared/audit-events.js";
import type { DB } from "./database.js";
import { deleteInBatches, type SweepPace } from "./batched-delete.js";

export interface NewSecurityEvent {
  id: string;
  userId: string | null;
  targetUserId: string | null;
  type: AuditEventType;
  outcome: AuditOutcome;
  /** password, passkey, anonymous, email-link or a provider id. */
  method: string | null;
  organizationId: string | null;
  requestId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** Small JSON-able detail: a reason code, an id. Never a token or password. */
  detail?: Record<string, string | number | boolean | null>;
  at: Date;
}

export async function insertSecurityEvent(db: DB, event: NewSecurityEvent): Promise<void> {
  await db
    .insertInto("securityEvent")
    .values({
      id: event.id,
      userId: event.userId,
      targetUserId: event.targetUserId,
      type: event.type,
      outcome: event.outcome,
      method: event.method,
      organizationId: event.organizationId,
      requestId: event.requestId,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      detail: event.detail && Object.keys(event.detail).length > 0 ? JSON.stringify(event.detail) : null,
      createdAt: event.at.toISOString(),
    })
    .execute();
}

export async function deleteSecurityEventById(db: DB, id: string): Promise<void> {
  await db.deleteFrom("securityEvent").where("id", "=", id).execute();
}

/** Retention: removes the rows written before `cutoff`; returns how many. */
export async function deleteSecurityEventsBefore(db: DB, cutoff: Date, pace: SweepPace): Promise<number> {
  const at = cutoff.toISOString();
  return deleteInBatches(pace, (limit) =>
    db
      .deleteFrom("securityEvent")
      .where("id", "in", db.selectFrom("securityEvent").select("id").where("createdAt", "<", at).orderBy("createdAt").limit(limit))
      .executeTakeFirstOrThrow(),
  );
}
