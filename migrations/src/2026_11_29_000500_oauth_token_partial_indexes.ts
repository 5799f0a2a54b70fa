import type { Kysely } from "kysely";

/**
 * The provider's token indexes on `familyId` and `userId` hold only the rows that have one: a
 * service's client-credentials token has neither, and was written into both indexes as a null key
 * (about a quarter of its insert on SQLite). Every query that reads them asks `= value`, which a
 * partial index `where … is not null` serves, as do the foreign key's cascade from `user`.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("oauthToken_familyId_idx").execute();
  await db.schema.dropIndex("oauthToken_userId_idx").execute();
  await db.schema.createIndex("oauthToken_familyId_idx").on("oauthToken").column("familyId").where("familyId", "is not", null).execute();
  await db.schema.createIndex("oauthToken_userId_idx").on("oauthToken").column("userId").where("userId", "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("oauthToken_familyId_idx").execute();
  await db.schema.dropIndex("oauthToken_userId_idx").execute();
  await db.schema.createIndex("oauthToken_familyId_idx").on("oauthToken").column("familyId").execute();
  await db.schema.createIndex("oauthToken_userId_idx").on("oauthToken").column("userId").execute();
}
