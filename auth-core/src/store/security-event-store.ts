import type { DB, SecurityEventRow } from "./database.js";

export interface NewSecurityEvent {
  id: string;
  userId: string | null;
  /** e.g. sign-up, sign-in, sign-out, session-revoked, password-reset, passkey-registered */
  type: string;
  outcome: "success" | "failure";
  ipAddress: string | null;
  userAgent: string | null;
  /** Small JSON-able detail: a method, a reason code. Never a token or password. */
  detail?: Record<string, string | number | boolean | null>;
  at: Date;
}

export async function insertSecurityEvent(db: DB, event: NewSecurityEvent): Promise<void> {
  await db
    .insertInto("securityEvent")
    .values({
      id: event.id,
      userId: event.userId,
      type: event.type,
      outcome: event.outcome,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      detail: event.detail ? JSON.stringify(event.detail) : null,
      createdAt: event.at.toISOString(),
    })
    .execute();
}

export async function listSecurityEventsByUser(db: DB, userId: string, limit: number): Promise<SecurityEventRow[]> {
  return db
    .selectFrom("securityEvent")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}
