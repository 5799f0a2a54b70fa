import type { AuthContext } from "../context.js";
import { APIError, type ErrorCode } from "../errors.js";
import type { ActiveSession } from "../session/session.js";
import { defaultOrganizationId, type Actor, type KeyPermissions } from "../gate/principal.js";
import type { MemberRow } from "../store/database.js";
import { findMemberWithRule } from "../store/member-store.js";
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
  const found = await findMemberWithRule(ctx.db, organizationId, userId);
  if (!found) throw APIError.from(403, code);
  const { requireTwoFactor, ...member } = found;
  await assertMeetsTwoFactorRule(ctx, { id: organizationId, requireTwoFactor }, userId);
  return member;
}

/**
 * Who acts on an organization and with what rights: a member (their role), a person's key (its
 * owner's role, limited to what the key grants), or an organization's key (in its own
 * organization only: what a member holds, and what the key grants besides; spec §6 applies to it
 * as to such a member).
 */
export type OrganizationActor =
  | { kind: "member"; member: MemberRow; role: string }
  | { kind: "person-key"; member: MemberRow; role: string; permissions: KeyPermissions }
  | { kind: "organization-key"; organizationId: string; role: typeof ORGANIZATION_KEY_ROLE; permissions: KeyPermissions };

/** The role whose rights an organization's key holds before its own (a member's). */
const ORGANIZATION_KEY_ROLE = "member";

/** The organization a call acts on: the one named in the input, else the caller's default one. */
export function resolveActorOrganizationId(actor: Actor, explicit: string | undefined | null): string {
  const organizationId = explicit || defaultOrganizationId(actor);
  if (!organizationId) throw APIError.from(400, "NO_ACTIVE_ORGANIZATION");
  return organizationId;
}

/** Who acts on the organization (OrganizationActor), or 403 with the given code. */
export async function requireActingMember(
  ctx: AuthContext,
  actor: Actor,
  organizationId: string,
  code: ErrorCode = "USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION",
): Promise<OrganizationActor> {
  if (actor.kind !== "api-key") {
    const member = await requireMember(ctx, organizationId, actor.active.user.id, code);
    return { kind: "member", member, role: member.role };
  }
  const { holder, permissions } = actor;
  if (holder.kind === "organization") {
    if (holder.organizationId !== organizationId) throw APIError.from(403, code);
    return { kind: "organization-key", organizationId, role: ORGANIZATION_KEY_ROLE, permissions };
  }
  const member = await requireMember(ctx, organizationId, holder.owner.id, code);
  return { kind: "person-key", member, role: member.role, permissions };
}

/** Spec §6: every mutating call checks the matrix; a refusal is 403 with the call's own code. */
export function requirePermission(
  actor: MemberRow | OrganizationActor,
  request: PermissionRequest,
  code: ErrorCode,
  connector: PermissionConnector = "AND",
): void {
  const byRole = checkPermission(actor.role, request, connector).success;
  const allowed =
    !("kind" in actor) || actor.kind === "member"
      ? byRole
      : actor.kind === "person-key"
        ? byRole && keyGrants(actor.permissions, request, connector)
        : byRole || keyGrants(actor.permissions, request, connector);
  if (!allowed) throw APIError.from(403, code);
}
