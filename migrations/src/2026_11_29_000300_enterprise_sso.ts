import type { Kysely } from "kysely";

/**
 * Enterprise sign-in for organizations (issue 47), on @better-auth/sso's and @better-auth/scim's
 * wire:
 * - ssoProvider: an organization's own OpenID or SAML identity provider. `providerId` is the
 *   public name (unique); `id` is the row's own, which sign-in flows are bound to, so a provider
 *   deleted and registered again under the same name never finishes a flow of the old one. The
 *   OIDC client secret is stored encrypted (AES-256-GCM under the auth secret); configs are JSON.
 *   The domain and its DNS TXT token: a provider routes no sign-in until `domainVerified`.
 * - ssoSamlAssertion: every SAML assertion ID accepted, until its NotOnOrAfter has passed, so
 *   that each is accepted once (the primary key decides a race between two processes).
 * - scimToken: an organization's provisioning tokens, as SHA-256 hashes (the token is shown once).
 * - scimUser: the people an organization's directory provisioned: the SCIM resource id, the
 *   userName and externalId the directory knows them by, and whether it holds them active.
 * - scimGroup: the teams a directory made (a SCIM Group is a team; its id is the team's).
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ssoProvider")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("providerId", "text", (c) => c.notNull().unique())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    // Who registered it; kept when they leave.
    .addColumn("userId", "text")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("domainVerified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("domainVerificationToken", "text")
    .addColumn("oidcConfig", "text")
    .addColumn("samlConfig", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ssoProvider_organizationId_idx").on("ssoProvider").column("organizationId").execute();
  await db.schema.createIndex("ssoProvider_domain_idx").on("ssoProvider").column("domain").execute();

  await db.schema
    .createTable("ssoSamlAssertion")
    // `<provider row id>:<assertion ID>`.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ssoSamlAssertion_expiresAt_idx").on("ssoSamlAssertion").column("expiresAt").execute();

  await db.schema
    .createTable("scimToken")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("tokenHash", "text", (c) => c.notNull().unique())
    .addColumn("createdBy", "text")
    .addColumn("lastUsedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scimToken_organizationId_idx").on("scimToken").column("organizationId").execute();

  await db.schema
    .createTable("scimUser")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("userName", "text", (c) => c.notNull())
    .addColumn("externalId", "text")
    .addColumn("givenName", "text")
    .addColumn("familyName", "text")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addUniqueConstraint("scimUser_organizationId_userName_key", ["organizationId", "userName"])
    .addUniqueConstraint("scimUser_organizationId_userId_key", ["organizationId", "userId"])
    .execute();
  await db.schema.createIndex("scimUser_userId_idx").on("scimUser").column("userId").execute();

  await db.schema
    .createTable("scimGroup")
    .addColumn("teamId", "text", (c) => c.primaryKey().references("team.id").onDelete("cascade"))
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("externalId", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("scimGroup_organizationId_idx").on("scimGroup").column("organizationId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scimGroup").ifExists().execute();
  await db.schema.dropTable("scimUser").ifExists().execute();
  await db.schema.dropTable("scimToken").ifExists().execute();
  await db.schema.dropTable("ssoSamlAssertion").ifExists().execute();
  await db.schema.dropTable("ssoProvider").ifExists().execute();
}
