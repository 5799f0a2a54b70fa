import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { ORGANIZATION_STATEMENTS, checkPermission, highestRoleRank, type PermissionRequest } from "../shared/access-control.js";
import type { ApiKeyRecord } from "../store/api-key-store.js";
import { findApiKeyById } from "../store/api-key-store.js";
import type { MemberRow } from "../store/database.js";
import { findMember } from "../store/member-store.js";
import { assertMeetsTwoFactorRule } from "../account/two-factor-rule.js";

/** Owners and admins manage an organization's keys (they hold every other right of spec §6). */
export function mayManageOrganizationKeys(role: string): boolean {
  return highestRoleRank(role) <= 1;
}

/** The caller's membership, when it may manage the organization's keys (mayManageOrganizationKeys). */
export async function requireOrganizationKeyManager(ctx: AuthContext, organizationId: string, userId: string): Promise<MemberRow> {
  const member = await findMember(ctx.db, organizationId, userId);
  if (!member) throw APIError.from(403, "USER_NOT_MEMBER_OF_ORGANIZATION");
  if (!mayManageOrganizationKeys(member.role)) throw APIError.from(403, "INSUFFICIENT_API_KEY_PERMISSIONS");
  await assertMeetsTwoFactorRule(ctx, organizationId, userId);
  return member;
}

/**
 * A key the person may manage: their own, or an organization's they are owner or admin of.
 * Anyone else's key is "not found" (its existence is not confirmed).
 */
export async function findManageableKey(ctx: AuthContext, userId: string, id: string): Promise<ApiKeyRecord> {
  const record = await findApiKeyById(ctx.db, id);
  if (!record) throw APIError.from(404, "KEY_NOT_FOUND");
  if (record.organizationId !== null) {
    const member = await findMember(ctx.db, record.organizationId, userId);
    if (!member) throw APIError.from(404, "KEY_NOT_FOUND");
    if (!mayManageOrganizationKeys(member.role)) throw APIError.from(403, "INSUFFICIENT_API_KEY_PERMISSIONS");
    await assertMeetsTwoFactorRule(ctx, record.organizationId, userId);
    return record;
  }
  if (record.userId !== userId) throw APIError.from(404, "KEY_NOT_FOUND");
  return record;
}

/**
 * An organization key's permissions: resources and actions of the access-control matrix only,
 * and (when a person grants them) none beyond what the person's own role holds.
 */
export function checkOrganizationKeyPermissions(permissions: PermissionRequest, granter: MemberRow | null): void {
  for (const [resource, actions] of Object.entries(permissions)) {
    const known: readonly string[] | undefined = Object.hasOwn(ORGANIZATION_STATEMENTS, resource)
      ? ORGANIZATION_STATEMENTS[resource as keyof typeof ORGANIZATION_STATEMENTS]
      : undefined;
    if (!known || actions.length === 0 || !actions.every((action) => known.includes(action))) throw APIError.from(400, "INVALID_API_KEY_PERMISSIONS");
  }
  if (granter && Object.keys(permissions).length > 0 && !checkPermission(granter.role, permissions).success) {
    throw APIError.from(403, "INSUFFICIENT_API_KEY_PERMISSIONS");
  }
}

/** `expiresIn` (seconds) within the configured bounds (days), as the plugin checks it. */
export function checkExpiresIn(ctx: AuthContext, expiresIn: number): void {
  const limits = ctx.options.apiKey.keyExpiration;
  if (limits.disableCustomExpiresTime) throw APIError.from(400, "KEY_DISABLED_EXPIRATION");
  const days = expiresIn / (24 * 60 * 60);
  if (days < limits.minExpiresIn) throw APIError.from(400, "EXPIRES_IN_IS_TOO_SMALL");
  if (days > limits.maxExpiresIn) throw APIError.from(400, "EXPIRES_IN_IS_TOO_LARGE");
}

export function checkName(ctx: AuthContext, name: string): void {
  const { minimumNameLength, maximumNameLength } = ctx.options.apiKey;
  if (name.length < minimumNameLength || name.length > maximumNameLength) throw APIError.from(400, "INVALID_NAME_LENGTH");
}

export function checkMetadata(ctx: AuthContext, metadata: unknown): string {
  if (!ctx.options.apiKey.enableMetadata) throw APIError.from(400, "METADATA_DISABLED");
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) throw APIError.from(400, "INVALID_METADATA_TYPE");
  return JSON.stringify(metadata);
}
