/**
 * The audit log's vocabulary: every kind of event auth-core records, its outcomes and the
 * sign-in methods. Browser-safe: the web app imports it for filters, the writer
 * (audit/audit-log.ts) for the typed `type` column. The labels people read and the views of the
 * log are the server's (server/src/shared/audit-views.ts).
 */

export const AUDIT_EVENT_TYPES = [
  "sign-up",
  "sign-in",
  "sign-out",
  "session-revoked",
  "password-set",
  "password-changed",
  "password-reset",
  "password-reset-requested",
  "email-verified",
  "email-changed",
  "passkey-added",
  "passkey-renamed",
  "passkey-deleted",
  "account-linked",
  "account-unlinked",
  "account-deleted",
  "account-deletion-requested",
  "anonymous-linked",
  "organization-created",
  "organization-updated",
  "organization-deleted",
  "member-invited",
  "member-removed",
  "member-left",
  "member-role-changed",
  "invitation-accepted",
  "invitation-rejected",
  "invitation-cancelled",
  "team-created",
  "team-updated",
  "team-deleted",
  "team-member-added",
  "team-member-removed",
  "plan-changed",
  // An account link mailed to an invited address.
  "invitation-sign-up-requested",
  // API keys (a key's use is recorded once a day, its first; a refused verify each time).
  "api-key-created",
  "api-key-updated",
  "api-key-deleted",
  "api-key-used",
  "api-key-refused",
  // Operators' actions, in the acting admin's log and naming the person (targetUserId).
  "user-banned",
  "user-unbanned",
  "user-impersonated",
  "impersonation-stopped",
  "user-role-changed",
  "user-created-by-admin",
  "user-updated-by-admin",
  "user-removed",
  "user-password-set-by-admin",
  "user-sessions-revoked-by-admin",
  "two-factor-enabled",
  "two-factor-disabled",
  "two-factor-backup-codes-regenerated",
  "two-factor-verified",
  "two-factor-rule-changed",
  // The first proof of an address removed what was added to the account before it (one row per kind).
  "unproven-additions-removed",
  // The OAuth 2.1 / OpenID provider: operators' client changes, people's approvals, refused grants, revocations.
  "oauth-client-created",
  "oauth-client-updated",
  "oauth-client-secret-rotated",
  "oauth-client-deleted",
  "oauth-consent-granted",
  "oauth-consent-denied",
  "oauth-consent-revoked",
  "oauth-token-refused",
  "oauth-token-revoked",
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** The operators' event types; each row names the person acted on (targetUserId). */
export type TargetedAuditEventType = Extract<
  AuditEventType,
  | "user-banned"
  | "user-unbanned"
  | "user-impersonated"
  | "impersonation-stopped"
  | "user-role-changed"
  | "user-created-by-admin"
  | "user-updated-by-admin"
  | "user-removed"
  | "user-password-set-by-admin"
  | "user-sessions-revoked-by-admin"
>;

export type AuditOutcome = "success" | "failure";
export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ["success", "failure"];

/**
 * How the person proved who they were. A social provider's id ("google", "github", …) is a
 * method too, so the column is a string; these are the ones that are not provider ids.
 */
export const AUDIT_METHODS = ["password", "passkey", "anonymous", "email-link", "magic-link", "email-otp", "totp", "otp", "backup-code"] as const;
export type AuditMethod = (typeof AUDIT_METHODS)[number] | (string & {});

export function isAuditEventType(value: string): value is AuditEventType {
  return (AUDIT_EVENT_TYPES as readonly string[]).includes(value);
}
