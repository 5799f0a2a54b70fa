import type { DB, VerificationRow } from "./database.js";

export interface NewVerification {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  now: Date;
}

export async function insertVerification(db: DB, v: NewVerification): Promise<void> {
  const now = v.now.toISOString();
  await db
    .insertInto("verification")
    .values({
      id: v.id,
      identifier: v.identifier,
      value: v.value,
      expiresAt: v.expiresAt.toISOString(),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export async function findVerification(db: DB, identifier: string, now: Date): Promise<VerificationRow | undefined> {
  return db
    .selectFrom("verification")
    .selectAll()
    .where("identifier", "=", identifier)
    .where("expiresAt", ">", now.toISOString())
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

/**
 * Takes a single-use value: one `delete … returning`, so two concurrent requests cannot both
 * consume it. An expired value is deleted too but not returned.
 */
export async function consumeVerification(db: DB, identifier: string, now: Date): Promise<VerificationRow | null> {
  const rows = await db.deleteFrom("verification").where("identifier", "=", identifier).returningAll().execute();
  const live = rows.find((row) => row.expiresAt > now.toISOString());
  return live ?? null;
}

export async function deleteVerificationsByIdentifier(db: DB, identifier: string): Promise<void> {
  await db.deleteFrom("verification").where("identifier", "=", identifier).execute();
}

/** Deletes the values held for `value` (a user id) whose identifier starts with `prefix`. */
export async function deleteVerificationsOfValue(db: DB, prefix: string, value: string): Promise<void> {
  await db.deleteFrom("verification").where("value", "=", value).where("identifier", "like", `${prefix}%`).execute();
}

/**
 * Keeps the `keep` newest values held for `value` under `prefix` besides `newest` (just stored),
 * deleting the older ones: one statement.
 */
export async function deleteOlderVerificationsOfValue(db: DB, prefix: string, value: string, newest: string, keep: number): Promise<void> {
  await db
    .deleteFrom("verification")
    .where("id", "in", (qb) =>
      qb
        .selectFrom("verification")
        .select("id")
        .where("value", "=", value)
        .where("identifier", "like", `${prefix}%`)
        .where("id", "!=", newest)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        // SQLite takes OFFSET only after a LIMIT.
        .limit(Number.MAX_SAFE_INTEGER)
        .offset(keep),
    )
    .execute();
}

export async function deleteExpiredVerifications(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom("verification").where("expiresAt", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
