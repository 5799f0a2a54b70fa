/**
 * The audit log's vocabulary: every kind of event auth-core records, its label for
 * people, the sign-in methods, and the organization plans with their seat limits. Browser-safe:
 * the web app imports it for filters and labels, auth-core for the typed `type` column.
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
export const AUDIT_METHODS = ["password", "passkey", "anonymous", "email-link", "totp", "otp", "backup-code"] as const;
export type AuditMethod = (typeof AUDIT_METHODS)[number] | (string & {});

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

export function isAuditEventType(value: string): value is AuditEventType {
  return (AUDIT_EVENT_TYPES as readonly string[]).includes(value);
}

/** Stored state only: no payment processor. A seat is a member or a pending invitation. */
export const PLANS = [
  { id: "free", name: "Free", seatLimit: 3 },
  { id: "team", name: "Team", seatLimit: 25 },
  { id: "business", name: "Business", seatLimit: 250 },
] as const;

export type PlanId = (typeof PLANS)[number]["id"];
export interface Plan {
  id: PlanId;
  name: string;
  seatLimit: number;
}

export const PLAN_IDS: readonly PlanId[] = PLANS.map((plan) => plan.id);
export const DEFAULT_PLAN_ID: PlanId = "free";

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan stored on an organization; an unknown or missing value is the default plan. */
export function planOf(stored: string | null | undefined): Plan {
  const id = stored && isPlanId(stored) ? stored : DEFAULT_PLAN_ID;
  return PLANS.find((plan) => plan.id === id) ?? PLANS[0];
}

/** One row of the audit log as the web app sees it (the contract between auth-core and the web app). */
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

export interface OrganizationPlanView {
  organization: { id: string; name: string };
  plan: PlanId;
  seatLimit: number;
  /** Members. */
  seatsUsed: number;
  pendingInvitations: number;
  canChange: boolean;
  plans: Array<{ id: PlanId; name: string; seatLimit: number }>;
}

/** The most days one analytics call covers. */
export const MAX_ANALYTICS_DAYS = 366;
