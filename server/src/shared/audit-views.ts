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
  "sso-provider-registered": "Identity provider added",
  "sso-provider-updated": "Identity provider updated",
  "sso-provider-deleted": "Identity provider removed",
  "sso-domain-verification-requested": "Domain verification requested",
  "sso-domain-verified": "Domain verified",
  "sso-member-added": "Joined through single sign-on",
  "scim-token-created": "Provisioning token created",
  "scim-token-revoked": "Provisioning token revoked",
  "scim-user-provisioned": "Provisioned by the directory",
  "scim-user-updated": "Updated by the directory",
  "scim-user-deactivated": "Deactivated by the directory",
  "scim-user-reactivated": "Reactivated by the directory",
  "scim-user-deprovisioned": "Removed by the directory",
};

/**
 * Why a sign-in failed, read from what its row holds (issue 48): a refused sign-in row's
 * `detail.reason` (and whether it named an account), or a wrong code at a sign-in's second step.
 */
export type FailedSignInReason =
  | "wrong-password"
  | "unknown-account"
  | "banned"
  | "second-step-failed"
  | "throttled"
  | "address-not-verified"
  | "passkey-refused"
  | "provider-not-linked"
  | "sign-up-closed"
  | "outside-sso-domain"
  | "other";

/** The words Reports and the CSV show for each reason. */
export const FAILED_SIGN_IN_REASON_LABELS: Readonly<Record<FailedSignInReason, string>> = {
  "wrong-password": "Wrong password",
  "unknown-account": "Unknown account",
  banned: "Banned",
  "second-step-failed": "Second step failed",
  throttled: "Throttled",
  "address-not-verified": "Address not verified",
  "passkey-refused": "Passkey refused",
  "provider-not-linked": "Provider account not linked",
  "sign-up-closed": "Sign-up closed",
  "outside-sso-domain": "Outside the SSO domain",
  other: "Other",
};

/** The reasons a refused sign-in row's detail.reason names (auth-core's sign-in routes), but the password's. */
const SIGN_IN_REASONS: Readonly<Record<string, FailedSignInReason>> = {
  ACCOUNT_THROTTLED: "throttled",
  BANNED_USER: "banned",
  EMAIL_NOT_VERIFIED: "address-not-verified",
  "account not linked": "provider-not-linked",
  "signup disabled": "sign-up-closed",
  "address outside the verified domain": "outside-sso-domain",
};

/**
 * The reason of a failed sign-in or second step; null for any other row. A wrong password names
 * the account it was tried on; the same refusal without an account is an unknown address. A
 * passkey's refusals (unknown, wrong signature, counter) are one reason. A wrong code of a
 * signed-in person confirming enrolment is no sign-in (`detail.step` "session").
 */
export function failedSignInReason(row: {
  type: AuditEventType;
  outcome: AuditOutcome;
  method: string | null;
  userId: string | null;
  detail: Readonly<Record<string, string | number | boolean | null>>;
}): FailedSignInReason | null {
  if (row.outcome !== "failure") return null;
  if (row.type === "two-factor-verified") return row.detail.step === "session" ? null : "second-step-failed";
  if (row.type !== "sign-in") return null;
  const reason = typeof row.detail.reason === "string" ? row.detail.reason : "";
  if (reason === "INVALID_EMAIL_OR_PASSWORD") return row.userId === null ? "unknown-account" : "wrong-password";
  const known = SIGN_IN_REASONS[reason];
  if (known) return known;
  if (row.method === "passkey") return "passkey-refused";
  return "other";
}

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
  /** Why a sign-in (or its second step) failed; null for every other row. */
  failureReason: FailedSignInReason | null;
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
