import type { AuthContext } from "../context.js";
import type { ClientInfo } from "../endpoint.js";
import { createAudit } from "../security/security-events.js";
import type { UserRow } from "../store/database.js";
import { clearUserBan, findUserByEmail, setRoleIfUnset } from "../store/user-store.js";
import { ADMIN_ROLE } from "../shared/admin-roles.js";
import { assertNotBanned, hasBanLapsed } from "./ban.js";

/**
 * ADMIN_EMAILS: a person whose role was never set, whose address is listed and
 * verified, becomes an admin. An unverified address never does, so registering or changing to a
 * listed address proves nothing until its owner verifies it. Returns the user as it now stands.
 */
export async function grantListedAdmin(ctx: AuthContext, user: UserRow, client: ClientInfo): Promise<UserRow> {
  if (user.role !== null || user.emailVerified !== 1 || !ctx.options.admin.adminEmails.includes(user.email)) return user;
  const now = ctx.clock.now().toISOString();
  // Not an endpoint's own row: every sign-in path and verify-email come here, so the grant writes its own.
  const audit = createAudit(ctx, client, ["user-role-changed"]);
  return audit.change(async (trx, log) => {
    // Only while the role is still unset: a concurrent set-role wins.
    const updated = await setRoleIfUnset(trx, user.id, ADMIN_ROLE, now);
    if (!updated) {
      log.unchanged();
      return user;
    }
    await log.write({ userId: user.id, targetUserId: user.id, type: "user-role-changed", detail: { role: ADMIN_ROLE, source: "ADMIN_EMAILS" } });
    return updated;
  });
}

/** At startup: every listed, verified address whose owner's role was never set. Returns how many became admins. */
export async function applyAdminEmails(ctx: AuthContext): Promise<number> {
  let granted = 0;
  for (const email of ctx.options.admin.adminEmails) {
    const user = await findUserByEmail(ctx.db, email);
    if (user && (await grantListedAdmin(ctx, user, { ipAddress: null, userAgent: null })).role !== user.role) granted += 1;
  }
  return granted;
}

/**
 * Before any new session of a person (every sign-in path comes through startSession): a ban that
 * ran out is cleared, a ban that holds refuses with BANNED_USER (and a failed sign-in row), and
 * ADMIN_EMAILS is applied.
 */
export async function admitToSession(ctx: AuthContext, user: UserRow, client: ClientInfo): Promise<UserRow> {
  const now = ctx.clock.now();
  let current = user;
  if (hasBanLapsed(current, now)) current = (await clearUserBan(ctx.db, current.id, now)) ?? current;
  try {
    assertNotBanned(current, now);
  } catch (error) {
    // The refused attempt's row, whichever way in it came (they all come through startSession).
    await createAudit(ctx, client, ["sign-in"]).record({ userId: current.id, type: "sign-in", outcome: "failure", detail: { reason: "BANNED_USER" } });
    throw error;
  }
  return grantListedAdmin(ctx, current, client);
}
