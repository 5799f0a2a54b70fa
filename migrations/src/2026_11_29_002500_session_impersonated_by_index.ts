import type { Kysely } from "kysely";

/**
 * revoke-sessions (and an admin's revoke, ban or removal of a person) also ends the impersonation
 * sessions that person started: `delete from session where impersonatedBy = ?`. Without an index
 * that read every session: at 1,000,000 people (10 M sessions) revoke-sessions took 0.6–1.1 s on
 * PostgreSQL and 1.4–5.5 s on SQLite against a DELETE by person of 3 and 21 ms
 * (docs/performance.md, "At a million people"). Impersonations are rare: the index is partial,
 * holding only the sessions that are one. Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("session_impersonatedBy_idx").on("session").column("impersonatedBy").where("impersonatedBy", "is not", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("session_impersonatedBy_idx").ifExists().execute();
}
