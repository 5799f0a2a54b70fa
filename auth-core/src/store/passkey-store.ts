import type { DB, PasskeyRow } from "./database.js";

export interface NewPasskey {
  id: string;
  name: string | null;
  /** Standard base64 of the COSE public key (better-auth's stored format). */
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  aaguid: string | null;
  createdAt: Date;
}

export async function insertPasskey(db: DB, passkey: NewPasskey): Promise<PasskeyRow> {
  return db
    .insertInto("passkey")
    .values({ ...passkey, backedUp: passkey.backedUp ? 1 : 0, createdAt: passkey.createdAt.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findPasskeysByUserId(db: DB, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom("passkey").selectAll().where("userId", "=", userId).orderBy("createdAt").orderBy("id").execute();
}

/** The passkeys of the person with this (lowercased) email: one query whether or not they exist. */
export async function findPasskeysByUserEmail(db: DB, email: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom("passkey")
    .innerJoin("user", "user.id", "passkey.userId")
    .selectAll("passkey")
    .where("user.email", "=", email)
    .orderBy("passkey.createdAt")
    .execute();
}

export async function findPasskeyById(db: DB, id: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom("passkey").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findPasskeyByCredentialID(db: DB, credentialID: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom("passkey").selectAll().where("credentialID", "=", credentialID).executeTakeFirst();
}

/**
 * Compare-and-set of the signature counter: only moves from the value the assertion was checked
 * against, so of two concurrent assertions with the same counter only one wins.
 */
export async function advancePasskeyCounter(db: DB, id: string, expected: number, next: number): Promise<boolean> {
  const result = await db.updateTable("passkey").set({ counter: next }).where("id", "=", id).where("counter", "=", expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renames a passkey of this owner; undefined when it is not theirs or gone. */
export async function renamePasskey(db: DB, id: string, userId: string, name: string): Promise<PasskeyRow | undefined> {
  return db.updateTable("passkey").set({ name }).where("id", "=", id).where("userId", "=", userId).returningAll().executeTakeFirst();
}

/** Deletes a passkey of this owner; false when it is not theirs or gone. */
export async function deletePasskeyOfUser(db: DB, id: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("passkey").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes every passkey of the user; answers how many went. */
export async function deletePasskeysOfUser(db: DB, userId: string): Promise<number> {
  const result = await db.deleteFrom("passkey").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
