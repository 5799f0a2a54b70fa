import type { Kysely } from "kysely";

/**
 * An index on the value: the email tokens of one account are found by their value (the user id) when a reset,
 * a password change or an email change ends them all, and when a sixth reset link ends the
 * oldest. Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("verification_value_idx").on("verification").column("value").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("verification_value_idx").ifExists().execute();
}
