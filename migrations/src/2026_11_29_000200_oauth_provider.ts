import { type Kysely } from "kysely";

/**
 * Gatehouse as an OAuth 2.1 / OpenID Connect provider: the registered clients (the SHA-256 of a
 * confidential client's secret, never the secret), each person's approvals, authorization codes
 * and the access and refresh tokens issued to clients, the last three by the SHA-256 of their
 * value only. Lists are JSON text; times ISO-8601 text. Frozen in time: never import application code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oauthClient")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("clientId", "text", (c) => c.notNull().unique())
    // null: a public client (token_endpoint_auth_method "none").
    .addColumn("clientSecretHash", "text")
    .addColumn("name", "text")
    .addColumn("uri", "text")
    .addColumn("logoUri", "text")
    .addColumn("redirectUris", "text", (c) => c.notNull())
    .addColumn("postLogoutRedirectUris", "text", (c) => c.notNull())
    .addColumn("tokenEndpointAuthMethod", "text", (c) => c.notNull())
    .addColumn("grantTypes", "text", (c) => c.notNull())
    .addColumn("responseTypes", "text", (c) => c.notNull())
    // The scopes a person may grant the client; null: every scope the provider offers people.
    .addColumn("scopes", "text")
    .addColumn("clientCredentialsScopes", "text", (c) => c.notNull())
    .addColumn("skipConsent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("enableEndSession", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("requirePkce", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    // The admin who registered it; kept (null) when that account goes.
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("oauthConsent")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("clientId", "text", (c) => c.notNull().references("oauthClient.clientId").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    // Space-separated, as OAuth writes scopes.
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("oauthConsent_user_client", ["userId", "clientId"])
    .execute();

  await db.schema
    .createTable("oauthAuthorizationCode")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("codeHash", "text", (c) => c.notNull().unique())
    .addColumn("clientId", "text", (c) => c.notNull().references("oauthClient.clientId").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("sessionId", "text")
    .addColumn("redirectUri", "text", (c) => c.notNull())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("codeChallenge", "text", (c) => c.notNull())
    .addColumn("nonce", "text")
    .addColumn("authTime", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    // Set by the one exchange that may use it; a second one finds it set.
    .addColumn("usedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("oauthToken")
    .addColumn("id", "text", (c) => c.primaryKey())
    // "access" or "refresh".
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("clientId", "text", (c) => c.notNull().references("oauthClient.clientId").onDelete("cascade"))
    // null: a client's own token (client_credentials).
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("cascade"))
    .addColumn("sessionId", "text")
    .addColumn("scopes", "text", (c) => c.notNull())
    // The authorization code the grant started from: its replay revokes the family.
    .addColumn("familyId", "text")
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("revokedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("oauthToken_client_user_idx").on("oauthToken").columns(["clientId", "userId"]).execute();
  await db.schema.createIndex("oauthToken_familyId_idx").on("oauthToken").column("familyId").execute();
  await db.schema.createIndex("oauthToken_userId_idx").on("oauthToken").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["oauthToken", "oauthAuthorizationCode", "oauthConsent", "oauthClient"]) await db.schema.dropTable(table).ifExists().execute();
}
