import type { DB, NewUserRow, UserRow, UserUpdate } from "./database.js";

export async function findUserById(db: DB, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Emails are stored lowercased; callers pass a lowercased address. */
export async function findUserByEmail(db: DB, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function insertUser(db: DB, row: NewUserRow): Promise<UserRow> {
  return db.insertInto("user").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: DB, id: string, update: UserUpdate): Promise<UserRow | undefined> {
  return db.updateTable("user").set(update).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteUserById(db: DB, id: string): Promise<void> {
  await db.deleteFrom("user").where("id", "=", id).execute();
}
