import type { Kysely } from "kysely";

/**
 * The signing keys of session JWTs: the public JWK as published at /jwks, the
 * private JWK encrypted under the auth secret. Frozen in time: never import application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jwks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("privateKey", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jwks_createdAt_idx").on("jwks").column("createdAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jwks").ifExists().execute();
}
