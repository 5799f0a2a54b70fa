import { sql, type Kysely } from "kysely";

/**
 * API keys, as better-auth's api-key plugin keeps them: the SHA-256 of the key (never
 * the key), its first characters and prefix for people to recognise it, the owner (a person, or
 * an organization with the person who created the key), permissions and metadata as JSON, and
 * the per-key rate limit and usage counters. Times are ISO-8601 text; windows and intervals are
 * milliseconds. Frozen in time: never import application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("apikey")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("configId", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("name", "text")
    .addColumn("start", "text")
    .addColumn("prefix", "text")
    // Verifying a key is one lookup of its hash: unique, so indexed.
    .addColumn("keyHash", "text", (c) => c.notNull().unique())
    // Exactly one owner: a person's own key, or an organization's.
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("organizationId", "text", (c) => c.references("organization.id").onDelete("cascade"))
    // Who created an organization's key (its invitations name them); kept when they leave.
    .addColumn("createdBy", "text")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("expiresAt", "text")
    .addColumn("permissions", "text")
    .addColumn("metadata", "text")
    .addColumn("rateLimitEnabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("rateLimitTimeWindow", "bigint")
    .addColumn("rateLimitMax", "integer")
    .addColumn("requestCount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastRequest", "text")
    .addColumn("remaining", "integer")
    .addColumn("refillAmount", "integer")
    .addColumn("refillInterval", "bigint")
    .addColumn("lastRefillAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addCheckConstraint("apikey_one_owner", sql`("userId" is null) <> ("organizationId" is null)`)
    .execute();
  await db.schema.createIndex("apikey_userId_idx").on("apikey").column("userId").execute();
  await db.schema.createIndex("apikey_organizationId_idx").on("apikey").column("organizationId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("apikey").ifExists().execute();
}
