import { sql } from "kysely";
import type { DB, NewUserRow, UserRow, UserUpdate } from "./database.js";

export async function findUserById(db: DB, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("user").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The rows of these people (any order; an id with no row is left out). */
export async function findUsersByIds(db: DB, ids: readonly string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("user")
    .selectAll()
    .where("id", "in", [...ids])
    .execute();
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

/** Sets the role only while none was ever set (ADMIN_EMAILS never overrides a set-role). */
export async function setRoleIfUnset(db: DB, id: string, role: string, now: string): Promise<UserRow | undefined> {
  return db.updateTable("user").set({ role, updatedAt: now }).where("id", "=", id).where("role", "is", null).returningAll().executeTakeFirst();
}

/**
 * Deletes the API keys that stand for the person: their own, and the organization keys they
 * created (such a key acts as its creator). Answers how many went.
 */
export async function deleteApiKeysStandingFor(db: DB, userId: string): Promise<number> {
  const result = await db
    .deleteFrom("apikey")
    .where((eb) => eb.or([eb("userId", "=", userId), eb("createdBy", "=", userId)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function clearUserBan(db: DB, id: string, now: Date): Promise<UserRow | undefined> {
  return updateUser(db, id, { banned: 0, banReason: null, banExpires: null, updatedAt: now.toISOString() });
}

/** Holds the admin role among comma-separated roles ("admin", "user,admin"). */
const holdsAdminRole = sql<boolean>`(',' || ${sql.ref("role")} || ',') like ${"%,admin,%"}`;

/** The people holding the admin role whom no ban holds at `now` (none set, or one that ran out). */
export async function countAdminsAbleToAct(db: DB, now: Date): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where(holdsAdminRole)
    .where((eb) =>
      eb.or([eb("banned", "is", null), eb("banned", "!=", 1), eb.and([eb("banExpires", "is not", null), eb("banExpires", "<=", now.toISOString())])]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Inside a transaction: a row lock on every admin, one by one in id order (a no-op update, the
 * same on SQLite and PostgreSQL). A change that may leave fewer admins takes these first, so two
 * such changes take turns, and the second reads (in its next statements) what the first left.
 */
export async function lockAdmins(trx: DB): Promise<void> {
  const admins = await trx.selectFrom("user").select("id").where(holdsAdminRole).orderBy("id").execute();
  for (const { id } of admins)
    await trx
      .updateTable("user")
      .set((eb) => ({ role: eb.ref("role") }))
      .where("id", "=", id)
      .execute();
}
