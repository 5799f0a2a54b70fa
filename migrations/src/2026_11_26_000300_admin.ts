import type { Kysely } from "kysely";

/**
 * Operators, in better-auth's admin plugin shape: the user's role (null: never set,
 * read as "user"), a ban with its reason and end, and on a session the admin acting through it.
 * The audit log gains the person an admin's row is about, so that person's own log shows it.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("role", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("banned", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("user").addColumn("banReason", "text").execute();
  await db.schema.alterTable("user").addColumn("banExpires", "text").execute();
  await db.schema.alterTable("session").addColumn("impersonatedBy", "text").execute();
  await db.schema.alterTable("securityEvent").addColumn("targetUserId", "text").execute();
  await db.schema.createIndex("securityEvent_targetUserId_createdAt_idx").on("securityEvent").columns(["targetUserId", "createdAt"]).execute();
  await db.schema.createIndex("user_createdAt_idx").on("user").column("createdAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_createdAt_idx").ifExists().execute();
  await db.schema.dropIndex("securityEvent_targetUserId_createdAt_idx").ifExists().execute();
  await db.schema.alterTable("securityEvent").dropColumn("targetUserId").execute();
  await db.schema.alterTable("session").dropColumn("impersonatedBy").execute();
  await db.schema.alterTable("user").dropColumn("banExpires").execute();
  await db.schema.alterTable("user").dropColumn("banReason").execute();
  await db.schema.alterTable("user").dropColumn("banned").execute();
  await db.schema.alterTable("user").dropColumn("role").execute();
}
