import { SignJWT } from "jose";
import type { AuthContext } from "../context.js";
import { isBanActive } from "../account/ban.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomBytes } from "../deps/random.js";
import type { NewOAuthTokenRow, OAuthClientRow, OAuthTokenRow, UserRow } from "../store/database.js";
import {
  claimAuthorizationCode,
  findAuthorizationCode,
  findOAuthToken,
  insertOAuthTokens,
  revokeClientTokensOfUser,
  revokeOAuthToken,
  revokeOAuthTokenFamily,
} from "../store/oauth-provider-store.js";
import { findUserById } from "../store/user-store.js";
import { createS256CodeChallenge } from "../oauth/pkce.js";
import { clientCredentialsScopesOf, clientGrantTypes, idTokenAlgorithm } from "./clients.js";
import { OAuthError, parseScopes } from "./oauth-error.js";

/** The token endpoint's answer (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3). */
export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  expires_at: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

/** Why the grant was refused, for the audit row. */
export type GrantRefusal = { reason: string; userId: string | null; familyRevoked?: boolean };

/** Thrown with the OAuth error: the refusal the endpoint records. */
export class RefusedGrant extends OAuthError {
  constructor(
    status: number,
    error: string,
    description: string,
    readonly refusal: GrantRefusal,
  ) {
    super(status, error, description);
  }
}

function newOpaqueToken(ctx: AuthContext): string {
  return Buffer.from(randomBytes(ctx.random, 32)).toString("base64url");
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A new token and the row that stores it (its SHA-256 only); written by the caller, with the answer's others. */
function newToken(
  ctx: AuthContext,
  input: {
    kind: "access" | "refresh";
    client: OAuthClientRow;
    userId: string | null;
    sessionId: string | null;
    scopes: string[];
    familyId: string | null;
    lifetime: number;
  },
): { token: string; expiresAt: number; row: NewOAuthTokenRow } {
  const token = newOpaqueToken(ctx);
  const now = ctx.clock.now().getTime();
  const expiresAt = now + input.lifetime * 1000;
  const row: NewOAuthTokenRow = {
    id: generateId(ctx.random),
    kind: input.kind,
    tokenHash: hashToken(token),
    clientId: input.client.clientId,
    userId: input.userId,
    sessionId: input.sessionId,
    scopes: input.scopes.join(" "),
    familyId: input.familyId,
    expiresAt: iso(expiresAt),
    revokedAt: null,
    createdAt: iso(now),
  };
  return { token, expiresAt, row };
}

/** The user claims the granted scopes release (OpenID Connect Core §5.4). */
export function userClaims(user: UserRow, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: user.id };
  if (scopes.includes("profile")) {
    claims.name = user.name;
    if (user.image) claims.picture = user.image;
  }
  if (scopes.includes("email")) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified === 1;
  }
  return claims;
}

async function signIdToken(
  ctx: AuthContext,
  input: { client: OAuthClientRow; user: UserRow; scopes: string[]; nonce: string | null; authTime: string | null; sessionId: string | null },
): Promise<string> {
  const key = await ctx.sessionJWT.keys.current(ctx, idTokenAlgorithm(input.client));
  const provider = ctx.options.oauthProvider;
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  const payload: Record<string, unknown> = { ...userClaims(input.user, input.scopes), azp: input.client.clientId };
  if (input.nonce) payload.nonce = input.nonce;
  if (input.authTime) payload.auth_time = Math.floor(Date.parse(input.authTime) / 1000);
  if (input.sessionId) payload.sid = input.sessionId;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setIssuer(provider.issuer)
    .setSubject(input.user.id)
    .setAudience(input.client.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + provider.idTokenExpiresIn)
    .sign(key.privateKey);
}

/** Access token, refresh token with offline_access (and the client's refresh grant), ID token with openid. */
async function issueUserTokens(
  ctx: AuthContext,
  input: {
    client: OAuthClientRow;
    user: UserRow;
    scopes: string[];
    familyId: string;
    sessionId: string | null;
    nonce: string | null;
    authTime: string | null;
    idToken: boolean;
  },
): Promise<TokenAnswer> {
  const provider = ctx.options.oauthProvider;
  const common = { client: input.client, userId: input.user.id, sessionId: input.sessionId, scopes: input.scopes, familyId: input.familyId };
  const access = newToken(ctx, { ...common, kind: "access", lifetime: provider.accessTokenExpiresIn });
  const rows = [access.row];
  const answer: TokenAnswer = {
    access_token: access.token,
    token_type: "Bearer",
    expires_in: provider.accessTokenExpiresIn,
    expires_at: Math.floor(access.expiresAt / 1000),
    scope: input.scopes.join(" "),
  };
  if (input.scopes.includes("offline_access") && clientGrantTypes(input.client).includes("refresh_token")) {
    const refresh = newToken(ctx, { ...common, kind: "refresh", lifetime: provider.refreshTokenExpiresIn });
    rows.push(refresh.row);
    answer.refresh_token = refresh.token;
  }
  if (input.idToken && input.scopes.includes("openid")) {
    answer.id_token = await signIdToken(ctx, {
      client: input.client,
      user: input.user,
      scopes: input.scopes,
      nonce: input.nonce,
      authTime: input.authTime,
      sessionId: input.sessionId,
    });
  }
  // Signed first, stored after: the access and refresh tokens are one statement.
  await insertOAuthTokens(ctx.db, rows);
  return answer;
}

async function activeUser(ctx: AuthContext, userId: string): Promise<UserRow | null> {
  const user = await findUserById(ctx.db, userId);
  return user && !isBanActive(user, ctx.clock.now()) ? user : null;
}

/**
 * authorization_code (OAuth 2.1 §4.1.3): the code is this client's, unexpired, for exactly this
 * redirect URI, and the verifier hashes to its challenge; it is used once. A second exchange is
 * refused and revokes every token issued from the code (§4.1.2).
 */
export async function exchangeCode(ctx: AuthContext, client: OAuthClientRow, form: Record<string, string | undefined>): Promise<TokenAnswer> {
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
  if (!code) throw new OAuthError(400, "invalid_request", "code is required");
  const row = await findAuthorizationCode(ctx.db, hashToken(code));
  const now = ctx.clock.now();
  if (!row) throw new RefusedGrant(400, "invalid_grant", "unknown code", { reason: "unknown-code", userId: null });
  if (row.clientId !== client.clientId)
    throw new RefusedGrant(400, "invalid_grant", "the code was issued to another client", { reason: "other-client", userId: row.userId });
  if (row.usedAt !== null || !(await claimAuthorizationCode(ctx.db, row.id, now.toISOString()))) {
    const revoked = await revokeOAuthTokenFamily(ctx.db, row.id, now.toISOString());
    throw new RefusedGrant(400, "invalid_grant", "the code was already used", { reason: "code-replayed", userId: row.userId, familyRevoked: revoked > 0 });
  }
  if (Date.parse(row.expiresAt) <= now.getTime())
    throw new RefusedGrant(400, "invalid_grant", "the code has expired", { reason: "code-expired", userId: row.userId });
  if (redirectUri !== row.redirectUri)
    throw new RefusedGrant(400, "invalid_grant", "redirect_uri does not match the authorization request", { reason: "redirect-uri", userId: row.userId });
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || createS256CodeChallenge(verifier) !== row.codeChallenge) {
    throw new RefusedGrant(400, "invalid_grant", "code_verifier does not match the code_challenge", { reason: "code-verifier", userId: row.userId });
  }
  const user = await activeUser(ctx, row.userId);
  if (!user) throw new RefusedGrant(400, "invalid_grant", "the person can no longer sign in", { reason: "user-unavailable", userId: row.userId });
  return issueUserTokens(ctx, {
    client,
    user,
    scopes: parseScopes(row.scopes),
    familyId: row.id,
    sessionId: row.sessionId,
    nonce: row.nonce,
    authTime: row.authTime,
    idToken: true,
  });
}

/**
 * refresh_token (OAuth 2.1 §4.3.1): rotated on every use. A refresh token used before (or
 * revoked) is a replay: every token the client holds for that person is revoked, and it is refused.
 */
export async function refreshTokens(ctx: AuthContext, client: OAuthClientRow, form: Record<string, string | undefined>): Promise<TokenAnswer> {
  const presented = form.refresh_token;
  if (!presented) throw new OAuthError(400, "invalid_request", "refresh_token is required");
  if (!clientGrantTypes(client).includes("refresh_token"))
    throw new RefusedGrant(400, "unauthorized_client", "the client may not use refresh tokens", { reason: "grant", userId: null });
  const row = await findOAuthToken(ctx.db, hashToken(presented));
  const now = ctx.clock.now();
  if (!row || row.kind !== "refresh") throw new RefusedGrant(400, "invalid_grant", "unknown refresh token", { reason: "unknown-token", userId: null });
  if (row.clientId !== client.clientId)
    throw new RefusedGrant(400, "invalid_grant", "the refresh token was issued to another client", { reason: "other-client", userId: row.userId });
  if (row.revokedAt !== null || !(await revokeOAuthToken(ctx.db, row.id, now.toISOString()))) {
    const revoked = row.userId ? await revokeClientTokensOfUser(ctx.db, client.clientId, row.userId, now.toISOString()) : 0;
    throw new RefusedGrant(400, "invalid_grant", "the refresh token was already used or revoked", {
      reason: "refresh-replayed",
      userId: row.userId,
      familyRevoked: revoked > 0,
    });
  }
  if (Date.parse(row.expiresAt) <= now.getTime())
    throw new RefusedGrant(400, "invalid_grant", "the refresh token has expired", { reason: "token-expired", userId: row.userId });
  const granted = parseScopes(row.scopes);
  const asked = form.scope === undefined ? granted : parseScopes(form.scope);
  if (asked.some((scope) => !granted.includes(scope)))
    throw new RefusedGrant(400, "invalid_scope", "a refresh cannot widen the grant", { reason: "scope", userId: row.userId });
  const user = row.userId ? await activeUser(ctx, row.userId) : null;
  if (!user) throw new RefusedGrant(400, "invalid_grant", "the person can no longer sign in", { reason: "user-unavailable", userId: row.userId });
  // The new refresh token keeps the grant's scopes (offline_access included), whatever the new access token narrows to.
  const answer = await issueUserTokens(ctx, {
    client,
    user,
    scopes: asked.includes("offline_access") ? asked : [...asked, "offline_access"].filter((scope) => granted.includes(scope)),
    familyId: row.familyId ?? row.id,
    sessionId: row.sessionId,
    nonce: null,
    authTime: null,
    idToken: true,
  });
  answer.scope = asked.join(" ");
  return answer;
}

/**
 * client_credentials (OAuth 2.1 §4.2): a confidential client's own token, within the scopes it was
 * registered for; no refresh token, no ID token.
 */
export async function clientCredentials(ctx: AuthContext, client: OAuthClientRow, form: Record<string, string | undefined>): Promise<TokenAnswer> {
  if (client.clientSecretHash === null)
    throw new RefusedGrant(401, "invalid_client", "a public client cannot use client_credentials", { reason: "public-client", userId: null });
  const ceiling = clientCredentialsScopesOf(client);
  if (!clientGrantTypes(client).includes("client_credentials")) {
    throw new RefusedGrant(400, "unauthorized_client", "the client is not registered for client_credentials", { reason: "grant", userId: null });
  }
  const asked = form.scope === undefined ? ceiling : parseScopes(form.scope);
  const outside = asked.filter((scope) => !ceiling.includes(scope));
  if (outside.length > 0 || asked.length === 0) {
    throw new RefusedGrant(400, "invalid_scope", `the client may not be granted ${outside.join(" ") || "no scope"}`, { reason: "scope", userId: null });
  }
  const provider = ctx.options.oauthProvider;
  const access = newToken(ctx, {
    kind: "access",
    client,
    userId: null,
    sessionId: null,
    scopes: asked,
    familyId: null,
    lifetime: provider.accessTokenExpiresIn,
  });
  await insertOAuthTokens(ctx.db, [access.row]);
  return {
    access_token: access.token,
    token_type: "Bearer",
    expires_in: provider.accessTokenExpiresIn,
    expires_at: Math.floor(access.expiresAt / 1000),
    scope: asked.join(" "),
  };
}

/** A live token: known, not revoked, not expired. */
export async function findLiveToken(ctx: AuthContext, token: string): Promise<OAuthTokenRow | null> {
  const row = await findOAuthToken(ctx.db, hashToken(token));
  if (!row || row.revokedAt !== null || Date.parse(row.expiresAt) <= ctx.clock.now().getTime()) return null;
  return row;
}
