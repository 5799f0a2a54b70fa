import type { AccountRow, AccountUpdate, DB, NewAccountRow } from "./database.js";

const CREDENTIAL_PROVIDER_ID = "credential";

export async function findAccountsByUserId(db: DB, userId: string): Promise<AccountRow[]> {
  return db.selectFrom("account").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
}

export async function findCredentialAccount(db: DB, userId: string): Promise<AccountRow | undefined> {
  return db.selectFrom("account").selectAll().where("userId", "=", userId).where("providerId", "=", CREDENTIAL_PROVIDER_ID).executeTakeFirst();
}

export async function findAccountByProvider(db: DB, providerId: string, accountId: string): Promise<AccountRow | undefined> {
  return db.selectFrom("account").selectAll().where("providerId", "=", providerId).where("accountId", "=", accountId).executeTakeFirst();
}

export async function insertAccount(db: DB, row: NewAccountRow): Promise<AccountRow> {
  return db.insertInto("account").values(row).returningAll().executeTakeFirstOrThrow();
}

/** A person's password account (better-auth's "credential" provider): no tokens, the hash in `password`. */
export async function insertCredentialAccount(db: DB, row: { id: string; userId: string; passwordHash: string; now: string }): Promise<AccountRow> {
  return insertAccount(db, {
    id: row.id,
    accountId: row.userId,
    providerId: CREDENTIAL_PROVIDER_ID,
    userId: row.userId,
    password: row.passwordHash,
    createdAt: row.now,
    updatedAt: row.now,
  });
}

export async function updateAccount(db: DB, id: string, update: AccountUpdate): Promise<void> {
  await db.updateTable("account").set(update).where("id", "=", id).execute();
}

/**
 * Writes the password of a password account row that has none, in one conditional update: false
 * when it had one by then (a concurrent reset or an admin's set-user-password wrote it first).
 */
export async function setPasswordIfUnset(db: DB, id: string, passwordHash: string, now: string): Promise<boolean> {
  const written = await db
    .updateTable("account")
    .set({ password: passwordHash, updatedAt: now })
    .where("id", "=", id)
    .where("password", "is", null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

export async function deleteAccount(db: DB, id: string): Promise<void> {
  await db.deleteFrom("account").where("id", "=", id).execute();
}

/** Deletes every account row of the user but `keepId` (a provider link or the password); answers the provider ids that went. */
export async function deleteAccountsOfUserExcept(db: DB, userId: string, keepId: string | null): Promise<string[]> {
  let query = db.deleteFrom("account").where("userId", "=", userId);
  if (keepId !== null) query = query.where("id", "!=", keepId);
  const rows = await query.returning("providerId").execute();
  return rows.map((row) => row.providerId);
}
