import type { AuthContext } from "../context.js";
import { APIError, type ErrorCode } from "../errors.js";
import type { Audit } from "../security/security-events.js";
import { ADMIN_ROLE, isAdminRole, isApplicationRole, rolesOf } from "../shared/admin-roles.js";
import type { DB, UserRow } from "../store/database.js";
import { countAdmins, findUserById, lockAdmins, updateUser } from "../store/user-store.js";

type DetailValue = string | number | boolean | null;

/** The person an admin endpoint is about, or 404 USER_NOT_FOUND. */
export async function requireUser(ctx: AuthContext, id: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw APIError.from(404, "USER_NOT_FOUND");
  return user;
}

/** better-auth's role input, a string or a list, as the stored comma-separated value; unknown roles refused. */
export function parseRoleInput(input: string | readonly string[]): string {
  const roles = (typeof input === "string" ? [input] : [...input]).flatMap((role) => role.split(",")).map((role) => role.trim());
  if (roles.length === 0 || roles.some((role) => role === "")) throw APIError.from(400, "INVALID_ROLE_TYPE");
  if (roles.some((role) => !isApplicationRole(role))) throw APIError.from(400, "YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE");
  return [...new Set(roles)].join(",");
}

export interface RoleChange {
  /** The admin making it; null from the machine (`npm run admin`). */
  adminId: string | null;
  target: UserRow;
  role: string;
  /** Writes the row (in the acting admin's log, naming the person): the endpoint's, or the command's own. */
  audit: Audit<"user-role-changed">;
  detail?: Record<string, DetailValue>;
}

/**
 * For a change that may leave fewer admins (a demotion, removing an admin): takes the admins'
 * row locks (lockAdmins), then checks that the acting admin still holds the role. The session
 * gate read it when the request came in; an admin demoted or removed by a concurrent request
 * since then is refused with the endpoint's code. So two admins acting on each other at the same
 * moment take turns, and the second finds it is no longer an admin: someone always is.
 */
export async function lockAdminsAsAdmin(trx: DB, adminId: string | null, refusal: ErrorCode): Promise<void> {
  await lockAdmins(trx);
  if (adminId === null) return;
  const actor = await findUserById(trx, adminId);
  if (!actor || !isAdminRole(actor.role)) throw APIError.from(403, refusal);
}

/**
 * Sets a person's role with its audit row. Nobody takes the admin role from themselves, and the
 * last admin keeps it: a demotion takes the admins' locks first (lockAdminsAsAdmin) and counts
 * them after its update, so two demotions at once cannot both pass, on PostgreSQL too.
 * The role is read with the user on every request, so the change applies to open sessions at once.
 */
export async function changeUserRole(ctx: AuthContext, change: RoleChange): Promise<UserRow> {
  const demotes = isAdminRole(change.target.role) && !rolesOf(change.role).includes(ADMIN_ROLE);
  if (demotes && change.adminId === change.target.id) throw APIError.from(400, "YOU_CANNOT_CHANGE_YOUR_OWN_ROLE");
  return change.audit.change(async (trx, log) => {
    if (demotes) await lockAdminsAsAdmin(trx, change.adminId, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE");
    const updated = await updateUser(trx, change.target.id, { role: change.role, updatedAt: ctx.clock.now().toISOString() });
    if (!updated) throw APIError.from(404, "USER_NOT_FOUND");
    if (demotes && (await countAdmins(trx)) < 1) throw APIError.from(400, "YOU_CANNOT_DEMOTE_THE_LAST_ADMIN");
    await log.write({
      userId: change.adminId,
      targetUserId: change.target.id,
      type: "user-role-changed",
      detail: { role: change.role, previousRole: change.target.role ?? "user", ...change.detail },
    });
    return updated;
  });
}
