import type { AuthContext } from "../context.js";
import { APIError, type ErrorCode } from "../errors.js";
import type { ActiveSession } from "../session/session.js";
import type { MemberRow } from "../store/database.js";
import { findMember } from "../store/member-store.js";
import { checkPermission, type PermissionRequest } from "../shared/access-control.js";

/** The organization a call acts on: the one named in the input, else the session's active one. */
export function resolveOrganizationId(session: ActiveSession, explicit: string | undefined | null): string {
  const organizationId = explicit || session.session.activeOrganizationId;
  if (!organizationId) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
  return organizationId;
}

/**
 * The caller's membership of an organization, or 403 with the given code: acting on an
 * organization one does not belong to is an access failure like any other (spec §6).
 */
export async function requireMember(
  ctx: AuthContext,
  organizationId: string,
  userId: string,
  code: ErrorCode = "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
): Promise<MemberRow> {
  const member = await findMember(ctx.db, organizationId, userId);
  if (!member) throw APIError.from(403, code);
  return member;
}

/** Spec §6: every mutating call checks the matrix; a refusal is 403 with the call's own code. */
export function requirePermission(member: MemberRow, request: PermissionRequest, code: ErrorCode): void {
  if (!checkPermission(member.role, request).success) throw APIError.from(403, code);
}
