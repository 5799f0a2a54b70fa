import type { Kysely } from "kysely";

/**
 * The whole schema of spec §3, identical on SQLite and PostgreSQL: times are ISO-8601 UTC
 * text (they sort as they compare), flags are 0/1 integers, ids come from the application.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("image", "text")
    .addColumn("isAnonymous", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("rememberMe", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("activeOrganizationId", "text")
    .addColumn("activeTeamId", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", "text")
    .addColumn("refreshTokenExpiresAt", "text")
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("account_provider_account_uq", ["providerId", "accountId"])
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
  await db.schema.createIndex("verification_expiresAt_idx").on("verification").column("expiresAt").execute();

  await db.schema
    .createTable("passkey")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text")
    .addColumn("publicKey", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("credentialID", "text", (c) => c.notNull().unique())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deviceType", "text", (c) => c.notNull())
    .addColumn("backedUp", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("aaguid", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("passkey_userId_idx").on("passkey").column("userId").execute();

  await db.schema
    .createTable("organization")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("logo", "text")
    .addColumn("metadata", "text")
    .addColumn("plan", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("member")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("member_org_user_uq", ["organizationId", "userId"])
    .execute();
  await db.schema.createIndex("member_userId_idx").on("member").column("userId").execute();

  await db.schema
    .createTable("team")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text")
    .execute();
  await db.schema.createIndex("team_organizationId_idx").on("team").column("organizationId").execute();

  await db.schema
    .createTable("teamMember")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("teamId", "text", (c) => c.notNull().references("team.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("teamMember_team_user_uq", ["teamId", "userId"])
    .execute();
  await db.schema.createIndex("teamMember_userId_idx").on("teamMember").column("userId").execute();

  await db.schema
    .createTable("invitation")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("teamId", "text")
    .addColumn("inviterId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invitation_organizationId_idx").on("invitation").column("organizationId").execute();
  await db.schema.createIndex("invitation_email_idx").on("invitation").column("email").execute();

  await db.schema
    .createTable("securityEvent")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("detail", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("securityEvent_userId_createdAt_idx").on("securityEvent").columns(["userId", "createdAt"]).execute();

  await db.schema
    .createTable("rateLimit")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("windowEndsAt", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "rateLimit",
    "securityEvent",
    "invitation",
    "teamMember",
    "team",
    "member",
    "organization",
    "passkey",
    "verification",
    "account",
    "session",
    "user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
