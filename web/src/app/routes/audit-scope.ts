import type { AuditOverview, AuditScope } from "../../features/audit/api/types.js";

/**
 * The scope a page may ask for: the organization's only when the viewer's role may read its
 * audit log (the server refuses the rest with FORBIDDEN, which would look like a lost session).
 */
export function allowedScope(requested: AuditScope, overview: AuditOverview | undefined): AuditScope {
  return requested === "organization" && overview?.organization?.canViewAudit ? "organization" : "self";
}
