import type { Auth } from "@gatehouse/auth-core";
import { createAdminConsoleService, type AdminConsoleService } from "./admin-console/console-service.js";
import { createAuditService, type AuditService } from "./audit/audit-service.js";
import { createPlanService, type PlanService } from "./plans/plan-service.js";

/**
 * The product on top of the authentication library: the audit log's views and analytics, the
 * organization plans, the operator console's reads. It reads the tables auth-core writes through
 * the Kysely instance the server opened and gave createAuth (auth.context.db), and reaches
 * auth-core through its API: the audit writer (auth.audit), the organization two-factor rule,
 * and the seat-limit hook it gives createAuth (plans/seats.ts).
 */
export interface Product {
  audit: AuditService;
  plans: PlanService;
  adminConsole: AdminConsoleService;
}

export function createProduct(auth: Auth): Product {
  const db = auth.context.db;
  return { audit: createAuditService(auth, db), plans: createPlanService(auth, db), adminConsole: createAdminConsoleService(auth, db) };
}
