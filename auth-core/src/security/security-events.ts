import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import { insertSecurityEvent, type NewSecurityEvent } from "../store/security-event-store.js";

export interface SecurityEventInput {
  userId: string | null;
  type: string;
  outcome: "success" | "failure";
  client: { ipAddress: string | null; userAgent: string | null; requestId?: string };
  detail?: NewSecurityEvent["detail"];
}

/**
 * Records a row of the security event log. A failure to write it is logged, never turned into a
 * failed sign-in: the log is evidence, not a gate.
 */
export async function recordSecurityEvent(ctx: AuthContext, event: SecurityEventInput): Promise<void> {
  try {
    await insertSecurityEvent(ctx.db, {
      id: generateId(ctx.random),
      userId: event.userId,
      type: event.type,
      outcome: event.outcome,
      ipAddress: event.client.ipAddress,
      userAgent: event.client.userAgent,
      // The request id ties the row to the server's log lines of the same request.
      detail: event.client.requestId ? { ...event.detail, requestId: event.client.requestId } : event.detail,
      at: ctx.clock.now(),
    });
  } catch (error) {
    ctx.logger.error("security event not recorded", { type: event.type, error: String(error) });
  }
}
