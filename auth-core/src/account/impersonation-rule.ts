import { APIError } from "../errors.js";
import { hasAdminPermission, isAdminRole } from "../shared/admin-roles.js";

/** A call as the impersonation rule sees it. */
export interface CallUnderImpersonation {
  /** An admin endpoint or procedure: never through an impersonation session. */
  admin: boolean;
  /**
   * Whether the call may change stored state: a POST of /api/auth made with a session, whether the
   * endpoint requires one or only reads it when present ("optional"), or a tRPC mutation.
   */
  changesState: boolean;
  /** The call's own opt-in to changing state while impersonating (switching the active organization, ending the impersonation). */
  impersonation?: "allowed";
}

/**
 * What an admin may do while acting as someone else (a session whose `impersonatedBy` names the
 * admin): no admin call, and no change to the person's state unless the call opts in. Both doors
 * read this one rule: the /api/auth gate (gate/gate.ts) and the server's tRPC middleware.
 * Refuses with 403 NOT_ALLOWED_WHILE_IMPERSONATING.
 */
export function assertAllowedWhileImpersonating(session: { impersonatedBy: string | null }, call: CallUnderImpersonation): void {
  if (session.impersonatedBy === null) return;
  if (call.admin || (call.changesState && call.impersonation !== "allowed")) throw APIError.from(403, "NOT_ALLOWED_WHILE_IMPERSONATING");
}

/**
 * Whether a role may act as a person of `targetRole`: user:impersonate, and
 * user:impersonate-admins when the person is an admin. impersonate-user asks it before it starts,
 * and the session lookup again on every request of the impersonation (the admin may have lost it).
 */
export function mayImpersonate(role: string | null, targetRole: string | null): boolean {
  return hasAdminPermission(role, { user: isAdminRole(targetRole) ? ["impersonate", "impersonate-admins"] : ["impersonate"] });
}
