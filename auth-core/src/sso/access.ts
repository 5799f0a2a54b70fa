import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { requireMember } from "../organization/guards.js";
import type { ActiveSession } from "../session/session.js";
import { checkPermission } from "../shared/access-control.js";
import type { MemberRow, SsoProviderRow } from "../store/database.js";
import { findSsoProviderByProviderId } from "../store/sso-store.js";

/**
 * An organization's single sign-on and provisioning are managed by its owners and admins (those
 * who may update the organization, spec §6): a plain member gets 403 SSO_ACCESS_DENIED, someone
 * outside it 403 USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION.
 */
export async function requireSsoManager(ctx: AuthContext, session: ActiveSession, organizationId: string): Promise<MemberRow> {
  const member = await requireMember(ctx, organizationId, session.user.id);
  if (!checkPermission(member.role, { organization: ["update"] }).success) throw APIError.from(403, "SSO_ACCESS_DENIED");
  return member;
}

/** The provider, for a manager of its organization; 404 when there is none, 403 for anyone else. */
export async function requireManagedProvider(ctx: AuthContext, session: ActiveSession, providerId: string): Promise<SsoProviderRow> {
  const row = await findSsoProviderByProviderId(ctx.db, providerId);
  if (!row) throw APIError.from(404, "PROVIDER_NOT_FOUND");
  await requireSsoManager(ctx, session, row.organizationId);
  return row;
}
