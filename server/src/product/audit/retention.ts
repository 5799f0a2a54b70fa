/**
 * How long the audit log keeps a row: a year, for every organization and person (no plan keeps
 * more). The server gives it to createAuth (auditLog.retentionDays); auth-core's deleteExpired,
 * which the server runs periodically, removes older rows.
 */
export const AUDIT_RETENTION_DAYS = 365;
