import type { AuthContext } from "../context.js";
import type { ClientInfo } from "../endpoint.js";
import { createAudit, type AuditedChange } from "../audit/audit-log.js";
import { findAccountsByUserId } from "../store/account-store.js";
import type { DB, UserRow } from "../store/database.js";
import { findPasskeysByUserId } from "../store/passkey-store.js";
import { deleteSessionsByUserId } from "../store/session-store.js";
import { clearUserBan, deleteApiKeysStandingFor, findUserByEmail, setRoleIfUnset } from "../store/user-store.js";
import type { ActiveSession } from "../session/active-session.js";
import { ADMIN_ROLE } from "../shared/admin-roles.js";
import { assertNotBanned, hasBanLapsed } from "./ban.js";

/*
 * ADMIN_EMAILS: the admin role goes to a listed address only through a step that proves both the
 * mailbox and the credential are in the same hands. Verifying an address proves the mailbox, not
 * who chose the password: whoever registered a listed address first (their password, their open
 * session, a provider or passkey they added) must not become an admin when its owner later opens
 * the mailed link. The steps that do:
 * - verify-email opened by a browser signed in as that same person (isOwnSession): only the
 *   account's holder has a session before the address is proven;
 * - a completed password reset of the listed address, when the new password is the account's only
 *   way in (no provider linked, no passkey): the reset proves the mailbox and sets the password
 *   (grantListedAdminAfterReset, in the reset's transaction);
 * - a sign-in through a provider that vouches for this very address, when that provider is the
 *   account's only way in (admitToSession with `provesMailbox`).
 * A password sign-in never grants, and nothing is granted at startup: an account's history does
 * not say who chose its credentials. With the role, every other session of the person ends and the
 * API keys that stand for them are deleted.
 */

/** A person the list would make an admin: role never set, address listed and verified. */
function isListedCandidate(ctx: AuthContext, user: UserRow): boolean {
  return user.role === null && user.emailVerified === 1 && ctx.options.admin.adminEmails.includes(user.email);
}

/** The account's ways in, read once: a password account row, how many provider accounts, any passkey. */
async function waysIn(db: DB, userId: string): Promise<{ credential: boolean; providers: number; passkey: boolean }> {
  const accounts = await findAccountsByUserId(db, userId);
  const credential = accounts.some((account) => account.providerId === "credential");
  return { credential, providers: accounts.length - (credential ? 1 : 0), passkey: (await findPasskeysByUserId(db, userId)).length > 0 };
}

/** The password is the account's only way in: no provider account besides it, no passkey. */
async function holdsOnlyThePassword(db: DB, userId: string): Promise<boolean> {
  const ways = await waysIn(db, userId);
  return ways.providers === 0 && !ways.passkey;
}

/**
 * The sign-in that proves the mailbox is the account's only way in: one provider account, no
 * password, no passkey. A provider linked or a passkey added before (by whoever registered the
 * address first) is a credential the proof says nothing about.
 */
async function holdsOnlyOneProvider(db: DB, userId: string): Promise<boolean> {
  const ways = await waysIn(db, userId);
  return !ways.credential && ways.providers === 1 && !ways.passkey;
}

/**
 * Inside a change's transaction: the listed role, if the person is a candidate and the role is still
 * unset (a concurrent set-role wins), with the ADMIN_EMAILS row; every session but `keepSessionId`
 * ends and their API keys go. Answers the user as it now stands, or null when nothing changed.
 */
export async function grantListedAdminInChange(
  ctx: AuthContext,
  trx: DB,
  log: AuditedChange<"user-role-changed">,
  user: UserRow,
  keepSessionId?: string,
): Promise<UserRow | null> {
  if (!isListedCandidate(ctx, user)) return null;
  const updated = await setRoleIfUnset(trx, user.id, ADMIN_ROLE, ctx.clock.now().toISOString());
  if (!updated) return null;
  await deleteSessionsByUserId(trx, user.id, keepSessionId);
  await deleteApiKeysStandingFor(trx, user.id);
  await log.write({ userId: user.id, targetUserId: user.id, type: "user-role-changed", detail: { role: ADMIN_ROLE, source: "ADMIN_EMAILS" } });
  return updated;
}

/**
 * In a completed reset's transaction: the listed role when the new password is the account's only
 * way in (a provider or passkey added before the reset may be whoever registered the address
 * first). Every session ends with it, whatever revokeSessionsOnPasswordReset says.
 */
export async function grantListedAdminAfterReset(ctx: AuthContext, trx: DB, log: AuditedChange<"user-role-changed">, user: UserRow): Promise<void> {
  if (!isListedCandidate(ctx, user) || !(await holdsOnlyThePassword(trx, user.id))) return;
  await grantListedAdminInChange(ctx, trx, log, user);
}

/** The grant as a change of its own (a sign-in): its own transaction and row. */
async function grantListedAdmin(ctx: AuthContext, user: UserRow, client: ClientInfo, keepSessionId?: string): Promise<UserRow> {
  if (!isListedCandidate(ctx, user)) return user;
  const audit = createAudit(ctx, client, ["user-role-changed"]);
  return audit.change(async (trx, log) => {
    const updated = await grantListedAdminInChange(ctx, trx, log, user, keepSessionId);
    if (!updated) log.unchanged();
    return updated ?? user;
  });
}

/**
 * verify-email opened by a browser that holds a session of the same person (a session cookie:
 * neither an API key nor an admin's impersonation stands for the person holding the account).
 * The session it comes with stays; every other one ends.
 */
export function isOwnSession(user: UserRow, session: ActiveSession | null): session is ActiveSession {
  return session !== null && session.user.id === user.id && session.session.impersonatedBy === null;
}

/**
 * Before any new session of a person (every sign-in ends in sign-in/complete-sign-in.ts): a ban that
 * ran out is cleared, a ban that holds refuses with BANNED_USER (and a failed sign-in row).
 * ADMIN_EMAILS applies only when the sign-in itself proved the mailbox (`provesMailbox`: a
 * provider that vouches for this very address) and is the account's only way in (no password);
 * every session the person had before ends with the grant (the new one starts after it).
 */
export async function admitToSession(ctx: AuthContext, user: UserRow, client: ClientInfo, signIn: { provesMailbox: boolean }): Promise<UserRow> {
  const now = ctx.clock.now();
  let current = user;
  if (hasBanLapsed(current, now)) current = (await clearUserBan(ctx.db, current.id, now)) ?? current;
  try {
    assertNotBanned(current, now);
  } catch (error) {
    // The refused attempt's row, whichever way in it came (they all end in completeSignIn).
    await createAudit(ctx, client, ["sign-in"]).record({ userId: current.id, type: "sign-in", outcome: "failure", detail: { reason: "BANNED_USER" } });
    throw error;
  }
  if (!signIn.provesMailbox || !isListedCandidate(ctx, current) || !(await holdsOnlyOneProvider(ctx.db, current.id))) return current;
  return grantListedAdmin(ctx, current, client);
}
