import { APIError } from "../errors.js";
import { isOrganizationRole, parseRoles } from "../shared/access-control.js";

/** The role that cannot go missing: an organization always keeps at least one owner. */
const OWNER_ROLE = "owner";

/**
 * Roles as the wire sends them (a string, comma-separated or not, or a list) in their stored
 * form "admin,member". Unknown or missing roles are 400 ROLE_NOT_FOUND: the matrix has exactly
 * owner, admin and member (spec §6).
 */
export function normalizeRoles(input: string | readonly string[]): string {
  const roles = parseRoles(input);
  if (roles.length === 0 || !roles.every(isOrganizationRole)) throw APIError.from(400, "ROLE_NOT_FOUND");
  return roles.join(",");
}

export function holdsOwnerRole(role: string): boolean {
  return parseRoles(role).includes(OWNER_ROLE);
}

/** Owners among the given role strings. */
export function countOwners(members: ReadonlyArray<{ role: string }>): number {
  return members.filter((m) => holdsOwnerRole(m.role)).length;
}
