import { z } from "zod";
import { AUDIT_EVENT_TYPES, type WireSessionResult } from "@gatehouse/auth-core";
import type { Viewer } from "../../product/viewer.js";
import { MAX_ANALYTICS_DAYS } from "../../shared/audit-views.js";
import { inputDate, inputText } from "../input-rules.js";

/** Zod schemas of the audit procedures and the CSV export: one definition for both doors. */
const auditScopeSchema = z.enum(["self", "organization"]);

const auditQuerySchema = z.object({
  scope: auditScopeSchema,
  types: z.array(z.enum(AUDIT_EVENT_TYPES)).max(AUDIT_EVENT_TYPES.length).optional(),
  outcome: z.enum(["success", "failure"]).optional(),
  method: inputText().trim().min(1).max(64).optional(),
  from: inputDate().optional(),
  to: inputDate().optional(),
});

export const auditEventsInputSchema = auditQuerySchema.extend({
  cursor: inputText().min(1).max(512).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

const DAY_MS = 24 * 60 * 60 * 1000;

export const auditAnalyticsInputSchema = z
  .object({ scope: auditScopeSchema, from: inputDate(), to: inputDate() })
  .refine((input) => input.to.getTime() > input.from.getTime(), { message: "to must be after from", path: ["to"] })
  .refine((input) => input.to.getTime() - input.from.getTime() <= MAX_ANALYTICS_DAYS * DAY_MS, {
    message: `the range spans at most ${MAX_ANALYTICS_DAYS} days`,
    path: ["to"],
  });

export function viewerOf(session: WireSessionResult): Viewer {
  return { userId: session.user.id, activeOrganizationId: session.session.activeOrganizationId };
}
