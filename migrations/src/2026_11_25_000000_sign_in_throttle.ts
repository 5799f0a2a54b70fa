import type { Kysely } from "kysely";

/**
 * Failed password sign-ins per account: keyed by the SHA-256 of the normalised
 * address, so an unknown address is counted exactly like a known one. Frozen in time: never
 * import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("signInThrottle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("lastFailureAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("signInThrottle_lastFailureAt_idx").on("signInThrottle").column("lastFailureAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("signInThrottle").ifExists().execute();
}
