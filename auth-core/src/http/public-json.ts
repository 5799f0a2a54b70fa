import type { SessionRow, UserRow } from "../store/database.js";
import type { WireSession, WireUser } from "../shared/wire-types.js";
import { DEFAULT_ROLE } from "../shared/admin-roles.js";

/** The only way a user row becomes JSON: names every field, so nothing else can leak. */
export function toWireUser(row: UserRow): WireUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: row.emailVerified === 1,
    isAnonymous: row.isAnonymous === 1,
    role: row.role ?? DEFAULT_ROLE,
    banned: row.banned === 1,
    banReason: row.banReason,
    banExpires: row.banExpires,
    twoFactorEnabled: row.twoFactorEnabled === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A session as JSON; `token` is the caller's own token, or the id where no token is known. */
export function toWireSession(row: SessionRow, token: string = row.id): WireSession {
  return {
    id: row.id,
    token,
    userId: row.userId,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    activeOrganizationId: row.activeOrganizationId,
    activeTeamId: row.activeTeamId,
    impersonatedBy: row.impersonatedBy,
  };
}
