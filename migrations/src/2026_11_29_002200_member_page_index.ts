import type { Kysely } from "kysely";

/**
 * An organization's members page (list-members: 100 a page, oldest first, any offset) reads its
 * rows in order from this index instead of sorting the whole organization each page: at 50,000
 * members a deep page was a sort of 50,000 rows (docs/performance.md, "At a million people").
 * Newest first reads the same index backwards. Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("member_organizationId_createdAt_idx").on("member").columns(["organizationId", "createdAt", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("member_organizationId_createdAt_idx").ifExists().execute();
}
