import type { DB, NewSsoProviderRow, SsoProviderRow, SsoProviderUpdate } from "./database.js";

export async function insertSsoProvider(db: DB, row: NewSsoProviderRow): Promise<SsoProviderRow> {
  return db.insertInto("ssoProvider").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findSsoProviderByProviderId(db: DB, providerId: string): Promise<SsoProviderRow | undefined> {
  return db.selectFrom("ssoProvider").selectAll().where("providerId", "=", providerId).executeTakeFirst();
}

/** The providers of these organizations, oldest first. */
export async function listSsoProvidersOfOrganizations(db: DB, organizationIds: readonly string[]): Promise<SsoProviderRow[]> {
  if (organizationIds.length === 0) return [];
  return db.selectFrom("ssoProvider").selectAll().where("organizationId", "in", organizationIds).orderBy("createdAt").orderBy("id").execute();
}

/** The verified providers of a domain (lowercased), oldest first: what routes a sign-in by address. */
export async function findVerifiedSsoProvidersByDomain(db: DB, domain: string): Promise<SsoProviderRow[]> {
  return db.selectFrom("ssoProvider").selectAll().where("domain", "=", domain).where("domainVerified", "=", 1).orderBy("createdAt").orderBy("id").execute();
}

export async function updateSsoProvider(db: DB, id: string, update: SsoProviderUpdate): Promise<SsoProviderRow | undefined> {
  return db.updateTable("ssoProvider").set(update).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteSsoProvider(db: DB, id: string): Promise<boolean> {
  const rows = await db.deleteFrom("ssoProvider").where("id", "=", id).returning("id").execute();
  return rows.length > 0;
}

/** The account links made through a provider (account.providerId = its providerId). */
export async function deleteAccountsOfSsoProvider(db: DB, providerId: string): Promise<void> {
  await db.deleteFrom("account").where("providerId", "=", providerId).execute();
}

/**
 * Records a SAML assertion ID as used; false when it already was (the primary key decides, so
 * two processes racing with the same assertion cannot both pass).
 */
export async function claimSamlAssertion(db: DB, input: { id: string; expiresAt: Date; now: Date }): Promise<boolean> {
  const result = await db
    .insertInto("ssoSamlAssertion")
    .values({ id: input.id, expiresAt: input.expiresAt.toISOString(), createdAt: input.now.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function deleteExpiredSamlAssertions(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom("ssoSamlAssertion").where("expiresAt", "<", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
