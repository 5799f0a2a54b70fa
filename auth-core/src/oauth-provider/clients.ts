import { z } from "zod";
import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { generateId, randomAlphanumeric, randomBytes } from "../deps/random.js";
import { APIError } from "../errors.js";
import { JWT_ALGORITHM, SIGNING_ALGORITHMS, type SigningAlgorithm } from "../jwt/signing-keys.js";
import type { OAuthClientRow } from "../store/database.js";
import { OAuthError, parseScopes } from "./oauth-error.js";

const GRANT_TYPES = ["authorization_code", "refresh_token", "client_credentials"] as const;
const AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;

const uri = z.url().max(2048);

/** better-auth's admin create-client body (RFC 7591 names); the person's endpoint takes it without the admin fields. */
export const clientMetadataInput = z.object({
  client_name: z.string().min(1).max(200).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  redirect_uris: z.array(uri).max(20).default([]),
  post_logout_redirect_uris: z.array(uri).max(20).optional(),
  token_endpoint_auth_method: z.enum(AUTH_METHODS).default("client_secret_basic"),
  grant_types: z.array(z.enum(GRANT_TYPES)).min(1).max(3).default(["authorization_code"]),
  response_types: z.array(z.literal("code")).max(1).default(["code"]),
  scope: z.string().max(1000).optional(),
  contacts: z.array(z.string().max(320)).max(10).optional(),
  tos_uri: uri.optional(),
  policy_uri: uri.optional(),
  type: z.enum(["web", "native", "user-agent-based"]).optional(),
  // OpenID Connect Dynamic Client Registration §2: EdDSA unless the relying party needs RS256 or ES256.
  id_token_signed_response_alg: z.enum(SIGNING_ALGORITHMS).optional(),
});

/** What only an operator sets. */
export const adminClientInput = clientMetadataInput.extend({
  enable_end_session: z.boolean().optional(),
  client_credentials_scopes: z.array(z.string().min(1).max(100)).max(50).optional(),
  skip_consent: z.boolean().optional(),
  require_pkce: z.boolean().optional(),
  disabled: z.boolean().optional(),
  client_secret_expires_at: z.union([z.string(), z.number()]).optional(),
});

export type AdminClientInput = z.infer<typeof adminClientInput>;

/** A client as the management endpoints answer (RFC 7591), never with its secret's hash. */
export interface WireOAuthClient {
  client_id: string;
  client_secret?: string;
  client_secret_expires_at?: number;
  client_id_issued_at: number;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  token_endpoint_auth_method: string;
  grant_types: string[];
  response_types: string[];
  scope: string;
  client_credentials_scopes: string[];
  skip_consent: boolean;
  enable_end_session: boolean;
  require_pkce: boolean;
  disabled: boolean;
  public: boolean;
  /** Named only for a client registered with another algorithm than the default (EdDSA). */
  id_token_signed_response_alg?: SigningAlgorithm;
  user_id?: string;
}

/** The public face of a client: what the consent screen shows any signed-in person. */
export interface PublicOAuthClient {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
}

function list(json: string | null): string[] {
  return json === null ? [] : (JSON.parse(json) as string[]);
}

export function clientRedirectUris(client: OAuthClientRow): string[] {
  return list(client.redirectUris);
}
export function clientPostLogoutRedirectUris(client: OAuthClientRow): string[] {
  return list(client.postLogoutRedirectUris);
}
export function clientGrantTypes(client: OAuthClientRow): string[] {
  return list(client.grantTypes);
}
/** The algorithm that signs the client's ID tokens (its registration's, else EdDSA). */
export function idTokenAlgorithm(client: OAuthClientRow): SigningAlgorithm {
  return SIGNING_ALGORITHMS.find((alg) => alg === client.idTokenSignedResponseAlg) ?? JWT_ALGORITHM;
}
export function clientCredentialsScopesOf(client: OAuthClientRow): string[] {
  return list(client.clientCredentialsScopes);
}

/** The scopes a person may grant this client: its own list, or every scope the provider offers people. */
export function grantableScopes(ctx: AuthContext, client: OAuthClientRow): string[] {
  return client.scopes === null ? ctx.options.oauthProvider.scopes : list(client.scopes);
}

export function toWireClient(ctx: AuthContext, client: OAuthClientRow, secret?: string): WireOAuthClient {
  const wire: WireOAuthClient = {
    client_id: client.clientId,
    client_id_issued_at: Math.floor(Date.parse(client.createdAt) / 1000),
    redirect_uris: list(client.redirectUris),
    post_logout_redirect_uris: list(client.postLogoutRedirectUris),
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    grant_types: list(client.grantTypes),
    response_types: list(client.responseTypes),
    scope: grantableScopes(ctx, client).join(" "),
    client_credentials_scopes: list(client.clientCredentialsScopes),
    skip_consent: client.skipConsent === 1,
    enable_end_session: client.enableEndSession === 1,
    require_pkce: client.requirePkce === 1,
    disabled: client.disabled === 1,
    public: client.clientSecretHash === null,
  };
  if (secret !== undefined) wire.client_secret = secret;
  if (client.clientSecretHash !== null) wire.client_secret_expires_at = 0;
  if (client.name !== null) wire.client_name = client.name;
  if (client.uri !== null) wire.client_uri = client.uri;
  if (client.logoUri !== null) wire.logo_uri = client.logoUri;
  if (client.idTokenSignedResponseAlg !== null) wire.id_token_signed_response_alg = idTokenAlgorithm(client);
  if (client.userId !== null) wire.user_id = client.userId;
  return wire;
}

export function toPublicClient(client: OAuthClientRow): PublicOAuthClient {
  const wire: PublicOAuthClient = { client_id: client.clientId, redirect_uris: list(client.redirectUris) };
  if (client.name !== null) wire.client_name = client.name;
  if (client.uri !== null) wire.client_uri = client.uri;
  if (client.logoUri !== null) wire.logo_uri = client.logoUri;
  return wire;
}

/** A new client secret: 32 random bytes; only its SHA-256 is stored. */
export function newClientSecret(ctx: AuthContext): string {
  return Buffer.from(randomBytes(ctx.random, 32)).toString("base64url");
}

export function newClientId(ctx: AuthContext): string {
  return randomAlphanumeric(ctx.random, 32);
}

function invalidMetadata(message: string): APIError {
  return APIError.from(400, "INVALID_CLIENT_METADATA", { params: { reason: message } });
}

/**
 * Checks a client's registration against the provider's rules and turns it into columns:
 * a public client has no secret and no client_credentials; an authorization-code client has a
 * redirect URI; scopes are ones the provider offers; refresh needs the code grant.
 */
export function clientColumns(ctx: AuthContext, input: AdminClientInput) {
  const provider = ctx.options.oauthProvider;
  const grants = [...new Set(input.grant_types)];
  const isPublic = input.token_endpoint_auth_method === "none";
  if (isPublic && grants.includes("client_credentials")) throw invalidMetadata("a public client cannot use client_credentials");
  if (grants.includes("refresh_token") && !grants.includes("authorization_code")) throw invalidMetadata("refresh_token needs authorization_code");
  if (grants.includes("authorization_code") && input.redirect_uris.length === 0) throw invalidMetadata("redirect_uris is required");
  for (const target of [...input.redirect_uris, ...(input.post_logout_redirect_uris ?? [])]) {
    const url = new URL(target);
    if (url.hash !== "") throw invalidMetadata("a redirect URI has no fragment");
    if (!["https:", "http:"].includes(url.protocol) && !/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol))
      throw invalidMetadata(`unsupported redirect URI ${target}`);
  }
  const scopes = input.scope === undefined ? null : parseScopes(input.scope);
  if (scopes && scopes.some((scope) => !provider.scopes.includes(scope))) throw invalidMetadata("scope names a scope the provider does not offer people");
  const ccScopes = [...new Set(input.client_credentials_scopes ?? [])];
  if (ccScopes.length > 0 && !grants.includes("client_credentials")) throw invalidMetadata("client_credentials_scopes needs the client_credentials grant");
  if (ccScopes.some((scope) => !provider.clientCredentialsScopes.includes(scope) && !provider.scopes.includes(scope)))
    throw invalidMetadata("client_credentials_scopes names an unknown scope");
  return {
    name: input.client_name ?? null,
    uri: input.client_uri ?? null,
    logoUri: input.logo_uri ?? null,
    redirectUris: JSON.stringify([...new Set(input.redirect_uris)]),
    postLogoutRedirectUris: JSON.stringify([...new Set(input.post_logout_redirect_uris ?? [])]),
    tokenEndpointAuthMethod: input.token_endpoint_auth_method,
    grantTypes: JSON.stringify(grants),
    responseTypes: JSON.stringify(["code"]),
    scopes: scopes === null ? null : JSON.stringify(scopes),
    clientCredentialsScopes: JSON.stringify(ccScopes),
    skipConsent: input.skip_consent ? 1 : 0,
    enableEndSession: input.enable_end_session ? 1 : 0,
    requirePkce: input.require_pkce === false && !isPublic ? 0 : 1,
    disabled: input.disabled ? 1 : 0,
    idTokenSignedResponseAlg:
      input.id_token_signed_response_alg === undefined || input.id_token_signed_response_alg === JWT_ALGORITHM ? null : input.id_token_signed_response_alg,
    isPublic,
  };
}

export function newClientRowId(ctx: AuthContext): string {
  return generateId(ctx.random);
}

/**
 * The client credentials of a token, introspection or revocation request: HTTP Basic
 * (client_secret_basic, RFC 6749 §2.3.1, form-encoded id and secret) or the body's client_id and
 * client_secret (client_secret_post). Two ways at once are refused.
 */
export function readClientCredentials(
  headers: Headers,
  body: Record<string, string | undefined>,
): { clientId: string; secret: string | null; method: string } | null {
  const authorization = headers.get("authorization");
  if (authorization && /^basic /i.test(authorization)) {
    if (body.client_secret !== undefined) throw new OAuthError(400, "invalid_request", "more than one client authentication method");
    const decoded = Buffer.from(authorization.slice(6).trim(), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 1) throw new OAuthError(401, "invalid_client", "malformed client credentials");
    let clientId: string;
    let secret: string;
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " "));
    } catch {
      throw new OAuthError(401, "invalid_client", "malformed client credentials");
    }
    if (body.client_id !== undefined && body.client_id !== clientId) throw new OAuthError(401, "invalid_client", "client_id does not match");
    return { clientId, secret, method: "client_secret_basic" };
  }
  if (body.client_id === undefined) return null;
  return { clientId: body.client_id, secret: body.client_secret ?? null, method: body.client_secret !== undefined ? "client_secret_post" : "none" };
}

/** The secret matches the stored hash (constant time). */
export function secretMatches(client: OAuthClientRow, secret: string): boolean {
  return client.clientSecretHash !== null && constantTimeEqual(hashToken(secret), client.clientSecretHash);
}
