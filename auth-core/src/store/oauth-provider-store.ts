import type {
  DB,
  NewOAuthAuthorizationCodeRow,
  NewOAuthClientRow,
  NewOAuthTokenRow,
  OAuthAuthorizationCodeRow,
  OAuthClientRow,
  OAuthClientUpdate,
  OAuthConsentRow,
  OAuthTokenRow,
} from "./database.js";

/**
 * The storage of the OAuth 2.1 / OpenID provider (oauth-provider/): clients, approvals, codes, tokens.
 * The token endpoint's, introspection's and userinfo's own queries are compiled and then run
 * (`db.executeQuery(query.compile())`): the same SQL, without the builder's execution path, which
 * measured about three times the cost of the statement itself for an insert.
 */

export async function insertOAuthClient(db: DB, row: NewOAuthClientRow): Promise<OAuthClientRow> {
  return db.insertInto("oauthClient").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findOAuthClient(db: DB, clientId: string): Promise<OAuthClientRow | undefined> {
  return (await db.executeQuery(db.selectFrom("oauthClient").selectAll().where("clientId", "=", clientId).compile())).rows[0];
}

export async function listOAuthClients(db: DB): Promise<OAuthClientRow[]> {
  return db.selectFrom("oauthClient").selectAll().orderBy("createdAt", "desc").orderBy("id").execute();
}

export async function updateOAuthClient(db: DB, clientId: string, update: OAuthClientUpdate): Promise<OAuthClientRow | undefined> {
  return db.updateTable("oauthClient").set(update).where("clientId", "=", clientId).returningAll().executeTakeFirst();
}

/** Deletes the client with its approvals, codes and tokens (the foreign keys cascade). */
export async function deleteOAuthClient(db: DB, clientId: string): Promise<boolean> {
  // Deleted explicitly as well: a SQLite connection without foreign keys on would leave them.
  for (const table of ["oauthToken", "oauthAuthorizationCode", "oauthConsent"] as const) await db.deleteFrom(table).where("clientId", "=", clientId).execute();
  const result = await db.deleteFrom("oauthClient").where("clientId", "=", clientId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findConsent(db: DB, userId: string, clientId: string): Promise<OAuthConsentRow | undefined> {
  return db.selectFrom("oauthConsent").selectAll().where("userId", "=", userId).where("clientId", "=", clientId).executeTakeFirst();
}

export async function findConsentById(db: DB, id: string): Promise<OAuthConsentRow | undefined> {
  return db.selectFrom("oauthConsent").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listConsents(db: DB, userId: string): Promise<OAuthConsentRow[]> {
  return db.selectFrom("oauthConsent").selectAll().where("userId", "=", userId).orderBy("createdAt", "desc").orderBy("id").execute();
}

/** The approvals given to one client, with whose they are (the operators' view of its grants). */
export async function listClientConsents(db: DB, clientId: string): Promise<Array<OAuthConsentRow & { userEmail: string; userName: string }>> {
  return db
    .selectFrom("oauthConsent")
    .innerJoin("user", "user.id", "oauthConsent.userId")
    .selectAll("oauthConsent")
    .select(["user.email as userEmail", "user.name as userName"])
    .where("oauthConsent.clientId", "=", clientId)
    .orderBy("oauthConsent.createdAt", "desc")
    .orderBy("oauthConsent.id")
    .execute();
}

/** Records the person's approval of these scopes for the client (replacing an earlier one). */
export async function saveConsent(db: DB, row: { id: string; userId: string; clientId: string; scopes: string; at: string }): Promise<void> {
  await db
    .insertInto("oauthConsent")
    .values({ id: row.id, userId: row.userId, clientId: row.clientId, scopes: row.scopes, createdAt: row.at, updatedAt: row.at })
    .onConflict((oc) => oc.columns(["userId", "clientId"]).doUpdateSet({ scopes: row.scopes, updatedAt: row.at }))
    .execute();
}

export async function deleteConsentById(db: DB, id: string): Promise<void> {
  await db.deleteFrom("oauthConsent").where("id", "=", id).execute();
}

export async function insertAuthorizationCode(db: DB, row: NewOAuthAuthorizationCodeRow): Promise<void> {
  await db.insertInto("oauthAuthorizationCode").values(row).execute();
}

export async function findAuthorizationCode(db: DB, codeHash: string): Promise<OAuthAuthorizationCodeRow | undefined> {
  return db.selectFrom("oauthAuthorizationCode").selectAll().where("codeHash", "=", codeHash).executeTakeFirst();
}

/** Marks the code used; true for the one caller that did (a concurrent second exchange gets false). */
export async function claimAuthorizationCode(db: DB, id: string, at: string): Promise<boolean> {
  const result = await db.updateTable("oauthAuthorizationCode").set({ usedAt: at }).where("id", "=", id).where("usedAt", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores the tokens of one answer (an access token, and its refresh token) in one statement. */
export async function insertOAuthTokens(db: DB, rows: readonly NewOAuthTokenRow[]): Promise<void> {
  await db.executeQuery(
    db
      .insertInto("oauthToken")
      .values([...rows])
      .compile(),
  );
}

export async function findOAuthToken(db: DB, tokenHash: string): Promise<OAuthTokenRow | undefined> {
  return (await db.executeQuery(db.selectFrom("oauthToken").selectAll().where("tokenHash", "=", tokenHash).compile())).rows[0];
}

/** Revokes one token; true for the one caller that did (a refresh token is rotated this way, once). */
export async function revokeOAuthToken(db: DB, id: string, at: string): Promise<boolean> {
  const result = await db.executeQuery(db.updateTable("oauthToken").set({ revokedAt: at }).where("id", "=", id).where("revokedAt", "is", null).compile());
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Revokes every live token of a grant (the tokens issued from one authorization code and their rotations). */
export async function revokeOAuthTokenFamily(db: DB, familyId: string, at: string): Promise<number> {
  const result = await db.updateTable("oauthToken").set({ revokedAt: at }).where("familyId", "=", familyId).where("revokedAt", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every live token a client holds for a person. */
export async function revokeClientTokensOfUser(db: DB, clientId: string, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable("oauthToken")
    .set({ revokedAt: at })
    .where("clientId", "=", clientId)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes codes and tokens past their expiry (auth.deleteExpired). */
export async function deleteExpiredOAuthGrants(db: DB, now: Date): Promise<number> {
  const at = now.toISOString();
  const codes = await db.deleteFrom("oauthAuthorizationCode").where("expiresAt", "<", at).executeTakeFirst();
  const tokens = await db.deleteFrom("oauthToken").where("expiresAt", "<", at).executeTakeFirst();
  return Number(codes.numDeletedRows) + Number(tokens.numDeletedRows);
}
