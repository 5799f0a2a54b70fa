import type { AuthContext } from "../context.js";
import { APIError, type ErrorCode } from "../errors.js";
import type { Audit } from "../audit/audit-log.js";
import { ADMIN_ROLE, isAdminRole, isApplicationRole, rolesOf } from "../shared/admin-roles.js";
import type { DB, UserRow } from "../store/database.js";
import { countAdminsAbleToAct, findUserById, lockAdmins, updateUser } from "../store/user-store.js";
import { deleteUserData } from "../email/user-deletion.js";
import { assertNotSoleOwner } from "../organization/sole-owner.js";
import { isBanActive } from "../account/ban.js";

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
 * For a change that may leave fewer admins able to act (a demotion, removing or banning an admin):
 * takes the admins' row locks (lockAdmins), then checks that the acting admin still holds the role
 * and that no ban holds them. The session gate read both when the request came in; an admin
 * demoted, removed or banned by a concurrent request since then is refused with the endpoint's
 * code. So two admins acting on each other at the same moment take turns, and the second finds it
 * can no longer act: someone always can.
 */
async function lockAdminsAsAdmin(trx: DB, adminId: string | null, refusal: ErrorCode, now: Date): Promise<void> {
  await lockAdmins(trx);
  if (adminId === null) return;
  const actor = await findUserById(trx, adminId);
  if (!actor || !isAdminRole(actor.role) || isBanActive(actor, now)) throw APIError.from(403, refusal);
}

/**
 * A ban, inside its transaction: `ban` runs under the admins' locks, by an admin who can still
 * act, and is refused (rolled back) if it would leave no admin whom no ban holds. The locks are
 * taken whoever the person is: the row the endpoint read before its transaction may be older than
 * a promotion, so the guard does not decide from it.
 */
export async function banUnderAdminLocks<R>(trx: DB, input: { adminId: string; now: Date }, ban: () => Promise<R>): Promise<R> {
  await lockAdminsAsAdmin(trx, input.adminId, "YOU_ARE_NOT_ALLOWED_TO_BAN_USERS", input.now);
  const result = await ban();
  if ((await countAdminsAbleToAct(trx, input.now)) < 1) throw APIError.from(400, "YOU_CANNOT_DEMOTE_THE_LAST_ADMIN");
  return result;
}

/**
 * An admin's removal of a person, inside its transaction: under the admins' locks, by an admin who
 * is still one (the remover is not the person, so an admin remains), whoever the person is (they
 * may have become an admin since the endpoint read them); then the organizations' owner rule and
 * the rows.
 */
export async function removeUserUnderAdminLocks(trx: DB, input: { adminId: string; target: UserRow; now: Date }): Promise<void> {
  await lockAdminsAsAdmin(trx, input.adminId, "YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS", input.now);
  await assertNotSoleOwner(trx, input.target.id);
  await deleteUserData(trx, input.target.id);
}

/**
 * Sets a person's role with its audit row. Nobody takes the admin role from themselves, and the
 * last admin whom no ban holds keeps it: a role without admin is set under the admins' locks
 * (lockAdminsAsAdmin), the person is read again under them (the row passed in may be older than a
 * promotion) and the admins are counted after the update, so two demotions at once cannot both
 * pass, on PostgreSQL too.
 * The role is read with the user on every request, so the change applies to open sessions at once.
 */
export async function changeUserRole(ctx: AuthContext, change: RoleChange): Promise<UserRow> {
  const withoutAdmin = !rolesOf(change.role).includes(ADMIN_ROLE);
  if (withoutAdmin && isAdminRole(change.target.role) && change.adminId === change.target.id) throw APIError.from(400, "YOU_CANNOT_CHANGE_YOUR_OWN_ROLE");
  return change.audit.change(async (trx, log) => {
    const now = ctx.clock.now();
    let previous = change.target;
    if (withoutAdmin) {
      await lockAdminsAsAdmin(trx, change.adminId, "YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE", now);
      const current = await findUserById(trx, change.target.id);
      if (!current) throw APIError.from(404, "USER_NOT_FOUND");
      previous = current;
    }
    const demotes = withoutAdmin && isAdminRole(previous.role);
    const updated = await updateUser(trx, change.target.id, { role: change.role, updatedAt: now.toISOString() });
    if (!updated) throw APIError.from(404, "USER_NOT_FOUND");
    // An admin under a ban cannot act: one whom no ban holds must remain (as for a ban of an admin).
    if (demotes && (await countAdminsAbleToAct(trx, now)) < 1) throw APIError.from(400, "YOU_CANNOT_DEMOTE_THE_LAST_ADMIN");
    await log.write({
      userId: change.adminId,
      targetUserId: change.target.id,
      type: "user-role-changed",
      detail: { role: change.role, previousRole: previous.role ?? "user", ...change.detail },
    });
    return updated;
  });
}
