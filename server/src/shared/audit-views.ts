/**
 * The audit log as people read it: each event type's label and the shapes of the overview, the
 * event pages and the analytics the server's tRPC procedures answer (product/audit/). Browser-safe:
 * the web app imports the labels and types. The event types themselves are auth-core's, which
 * writes the rows (@gatehouse/auth-core/shared).
 */
import type { AuditEventType, AuditOutcome } from "@gatehouse/auth-core/shared";
import type { PlanId } from "./plans.js";

export const AUDIT_EVENT_LABELS: Readonly<Record<AuditEventType, string>> = {
  "sign-up": "Signed up",
  "sign-in": "Signed in",
  "sign-out": "Signed out",
  "session-revoked": "Session revoked",
  "password-set": "Password set",
  "password-changed": "Password changed",
  "password-reset": "Password reset",
  "password-reset-requested": "Password reset requested",
  "email-verified": "Email verified",
  "email-changed": "Email changed",
  "passkey-added": "Passkey added",
  "passkey-renamed": "Passkey renamed",
  "passkey-deleted": "Passkey deleted",
  "account-linked": "Account linked",
  "account-unlinked": "Account unlinked",
  "account-deleted": "Account deleted",
  "account-deletion-requested": "Account deletion requested",
  "anonymous-linked": "Guest data handed over",
  "organization-created": "Organization created",
  "organization-updated": "Organization updated",
  "organization-deleted": "Organization deleted",
  "member-invited": "Member invited",
  "member-removed": "Member removed",
  "member-left": "Member left",
  "member-role-changed": "Member role changed",
  "invitation-accepted": "Invitation accepted",
  "invitation-rejected": "Invitation rejected",
  "invitation-cancelled": "Invitation cancelled",
  "team-created": "Team created",
  "team-updated": "Team updated",
  "team-deleted": "Team deleted",
  "team-member-added": "Team member added",
  "team-member-removed": "Team member removed",
  "plan-changed": "Plan changed",
  "invitation-sign-up-requested": "Account link sent for an invitation",
  "api-key-created": "API key created",
  "api-key-updated": "API key updated",
  "api-key-deleted": "API key deleted",
  "api-key-used": "API key used (first use of the day)",
  "api-key-refused": "API key refused",
  "user-banned": "Banned by an admin",
  "user-unbanned": "Unbanned by an admin",
  "user-impersonated": "Impersonated by an admin",
  "impersonation-stopped": "Impersonation stopped",
  "user-role-changed": "Role changed",
  "user-created-by-admin": "Created by an admin",
  "user-updated-by-admin": "Profile updated by an admin",
  "user-removed": "Removed by an admin",
  "user-password-set-by-admin": "Password set by an admin",
  "user-sessions-revoked-by-admin": "Sessions revoked by an admin",
  "two-factor-enabled": "Two-factor turned on",
  "two-factor-disabled": "Two-factor turned off",
  "two-factor-backup-codes-regenerated": "Backup codes regenerated",
  "two-factor-verified": "Second step",
  "two-factor-rule-changed": "Two-factor rule changed",
  "unproven-additions-removed": "Removed what was added before the address was proven",
  "oauth-client-created": "App registered",
  "oauth-client-updated": "App updated",
  "oauth-client-secret-rotated": "App secret rotated",
  "oauth-client-deleted": "App deleted",
  "oauth-consent-granted": "App approved",
  "oauth-consent-denied": "App refused",
  "oauth-consent-revoked": "App access revoked",
  "oauth-token-refused": "App token refused",
  "oauth-token-revoked": "App token revoked",
};

/** One row of the audit log as the web app sees it (the contract between the server and the web app). */
export interface AuditEventView {
  id: string;
  type: AuditEventType;
  outcome: AuditOutcome;
  method: string | null;
  organizationId: string | null;
  /** The organization's name while it exists (the CSV's organization column). */
  organizationName: string | null;
  /** null: a deleted account, or a failure that named no account. */
  actor: { id: string; name: string; email: string } | null;
  /** The person an admin acted on (their own log shows the row too); null otherwise. */
  targetUserId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  detail: Record<string, string | number | boolean | null>;
}

export type AuditScopeName = "self" | "organization";

export interface AuditEventQuery {
  scope: AuditScopeName;
  types?: AuditEventType[];
  outcome?: AuditOutcome;
  method?: string;
  from?: Date;
  to?: Date;
}

export interface AuditEventPage {
  items: AuditEventView[];
  nextCursor: string | null;
}

export interface AuditAnalyticsDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  signInSuccess: number;
  signInFailure: number;
  signUps: number;
  /** Successful sign-ins of the day by method. */
  byMethod: Record<string, number>;
}

export interface AuditAnalytics {
  days: AuditAnalyticsDay[];
  /** signIns: successful; failureRate: failures / (signIns + failures), 0 without any. */
  totals: { signIns: number; failures: number; signUps: number; failureRate: number };
  methods: string[];
}

export interface AuditOverview {
  signInsLast30Days: number;
  failedSignInsLast30Days: number;
  activeSessions: number;
  passkeys: number;
  linkedAccounts: number;
  lastSignInAt: Date | null;
  organization: {
    id: string;
    name: string;
    role: string;
    plan: PlanId;
    /** Members (pending invitations hold seats too: see plan.get). */
    seatsUsed: number;
    seatLimit: number;
    canViewAudit: boolean;
  } | null;
  recent: AuditEventView[];
}

/** The most days one analytics call covers. */
export const MAX_ANALYTICS_DAYS = 366;
