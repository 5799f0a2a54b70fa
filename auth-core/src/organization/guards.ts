import type { AuthContext } from "../context.js";
import { APIError, type ErrorCode } from "../errors.js";
import type { ActiveSession } from "../session/session.js";
import type { MemberRow } from "../store/database.js";
import { findMember } from "../store/member-store.js";
import { checkPermission, type PermissionConnector, type PermissionRequest } from "../shared/access-control.js";
import { keyGrants } from "../api-key/use-api-key.js";
import { assertMeetsTwoFactorRule } from "../account/two-factor-rule.js";

/** The organization a call acts on: the one named in the input, else the session's active one. */
export function resolveOrganizationId(session: ActiveSession, explicit: string | undefined | null): string {
  const organizationId = explicit || session.session.activeOrganizationId;
  if (!organizationId) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
  return organizationId;
}

/**
 * The caller's membership of an organization, or 403 with the given code: acting on an
 * organization one does not belong to is an access failure like any other (spec §6). A member
 * the organization's two-factor rule stops is refused too (two-factor-rule.ts).
 */
export async function requireMember(
  ctx: AuthContext,
  organizationId: string,
  userId: string,
  code: ErrorCode = "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
): Promise<MemberRow> {
  const member = await findMember(ctx.db, organizationId, userId);
  if (!member) throw APIError.from(403, code);
  await assertMeetsTwoFactorRule(ctx, organizationId, userId);
  return member;
}

/** The API key a member row stands for, and whether the person's own role applies too. */
const keyActors = new WeakMap<MemberRow, { permissions: Readonly<Record<string, readonly string[]>> | null; personal: boolean }>();

/**
 * Who acts on the organization: the caller's membership, or for a request carrying an API key
 * (on endpoints that allow keys) the key. A person's key acts as its owner's membership, limited
 * to what the key's permissions grant; an organization's key acts, in its own organization only,
 * as a member holding the key's permissions (spec §6 applies to it as to such a member).
 */
export async function requireActingMember(
  ctx: AuthContext,
  session: ActiveSession,
  organizationId: string,
  code: ErrorCode = "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
): Promise<MemberRow> {
  const key = session.apiKey;
  if (!key) return requireMember(ctx, organizationId, session.user.id, code);
  if (key.organizationId !== null) {
    if (key.organizationId !== organizationId) throw APIError.from(403, code);
    const acting: MemberRow = {
      id: `apikey:${key.id}`,
      organizationId,
      userId: session.user.id,
      role: "member",
      createdAt: session.session.createdAt,
      lastActiveAt: null,
    };
    keyActors.set(acting, { permissions: key.permissions, personal: false });
    return acting;
  }
  const acting = { ...(await requireMember(ctx, organizationId, session.user.id, code)) };
  keyActors.set(acting, { permissions: key.permissions, personal: true });
  return acting;
}

/** Spec §6: every mutating call checks the matrix; a refusal is 403 with the call's own code. */
export function requirePermission(member: MemberRow, request: PermissionRequest, code: ErrorCode, connector: PermissionConnector = "AND"): void {
  const key = keyActors.get(member);
  const byRole = checkPermission(member.role, request, connector).success;
  const allowed = !key
    ? byRole
    : key.personal
      ? byRole && keyGrants(key.permissions, request, connector)
      : byRole || keyGrants(key.permissions, request, connector);
  if (!allowed) throw APIError.from(403, code);
}
