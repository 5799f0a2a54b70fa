import type { Kysely } from "kysely";

/**
 * The organization a person last worked in is remembered on their membership, so every
 * new session starts there. On the member row, it goes when the membership goes (left, removed,
 * organization deleted). Frozen in time: never import application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("member").addColumn("lastActiveAt", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("member").dropColumn("lastActiveAt").execute();
}
