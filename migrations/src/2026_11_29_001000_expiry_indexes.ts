import type { Kysely } from "kysely";

/**
 * The expiry sweep finds what has ended through an index instead of reading whole tables: a
 * session's end (10 million rows at a million people, swept every ten minutes) and a rate-limit
 * window's end (the database limiter clears ended windows every thousand hits). Frozen in time:
 * never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("session_expiresAt_idx").on("session").column("expiresAt").execute();
  await db.schema.createIndex("rateLimit_windowEndsAt_idx").on("rateLimit").column("windowEndsAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("rateLimit_windowEndsAt_idx").ifExists().execute();
  await db.schema.dropIndex("session_expiresAt_idx").ifExists().execute();
}
