import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import type { Audit } from "../audit/audit-log.js";
import type { DB, UserRow } from "../store/database.js";
import { deleteApiKeysStandingFor } from "../store/user-store.js";
import { consumeEmailToken } from "./email-tokens.js";

/**
 * Everything that belongs to the user, in one transaction: sessions, accounts, passkeys, the API
 * keys that stand for them (their own, and the organization keys they created, which act as their
 * creator and could act for nobody after), memberships (organization and team), invitations they
 * sent, their pending tokens, the user.
 * The foreign keys cascade as well; the explicit deletes keep the order obvious and make the
 * removal independent of a database's FK setting. Security events keep their rows with the
 * user id cleared (ON DELETE SET NULL): the log outlives the account, the person does not.
 */
export async function deleteUserData(trx: DB, userId: string): Promise<void> {
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("passkey").where("userId", "=", userId).execute();
  await deleteApiKeysStandingFor(trx, userId);
  await trx.deleteFrom("teamMember").where("userId", "=", userId).execute();
  await trx.deleteFrom("member").where("userId", "=", userId).execute();
  await trx.deleteFrom("invitation").where("inviterId", "=", userId).execute();
  await trx.deleteFrom("verification").where("value", "=", userId).execute();
  await trx.updateTable("securityEvent").set({ userId: null }).where("userId", "=", userId).execute();
  await trx.deleteFrom("user").where("id", "=", userId).execute();
}

export interface DeleteUserInput {
  user: UserRow;
  audit: Audit<"account-deleted">;
  /** A mailed delete-account token to consume in the same transaction. */
  token?: string;
  /** How the deletion was authorized, for the security log. */
  method: "password" | "token" | "fresh-session";
}

/** How the person proved it was them, as an audit method (a fresh session proves nothing new). */
const DELETION_METHODS: Record<DeleteUserInput["method"], string | null> = {
  password: "password",
  token: "email-link",
  "fresh-session": null,
};

/**
 * Deletes the account: beforeDelete (may refuse by throwing), then one transaction that consumes
 * the token (if any) and removes every row, then afterDelete. An unusable token changes nothing.
 */
export async function deleteUserAccount(ctx: AuthContext, input: DeleteUserInput): Promise<void> {
  const hooks = ctx.options.email.deleteUser;
  if (hooks.beforeDelete) await hooks.beforeDelete(input.user);
  const now = ctx.clock.now();
  await input.audit.change(async (trx, log) => {
    if (input.token !== undefined) {
      const used = await consumeEmailToken(trx, { kind: "delete-account", token: input.token, now, userId: input.user.id });
      if (!used) throw APIError.from(404, "INVALID_TOKEN");
    }
    await deleteUserData(trx, input.user.id);
    // The user id is gone from the log by design; the event still records that a deletion happened.
    await log.write({ userId: null, type: "account-deleted", method: DELETION_METHODS[input.method], detail: { confirmedBy: input.method } });
  });
  if (hooks.afterDelete) await hooks.afterDelete(input.user);
}
