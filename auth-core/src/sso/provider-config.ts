import { z } from "zod";
import type { AuthContext } from "../context.js";
import { decryptToken, deriveTokenEncryptionKey, encryptToken } from "../crypto/token-encryption.js";
import type { SsoProviderRow } from "../store/database.js";

/** What the integrator may say about the claims of an OpenID provider (better-auth's `mapping`). */
const oidcMapping = z
  .object({
    id: z.string().max(128).optional(),
    email: z.string().max(128).optional(),
    emailVerified: z.string().max(128).optional(),
    name: z.string().max(128).optional(),
    image: z.string().max(128).optional(),
  })
  .optional();

const url = z.string().max(2048);

/** The OIDC part of a register or update body (@better-auth/sso 1.7's field names). */
export const oidcConfigInput = z.object({
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(4096),
  discoveryEndpoint: url.optional(),
  authorizationEndpoint: url.optional(),
  tokenEndpoint: url.optional(),
  jwksEndpoint: url.optional(),
  userInfoEndpoint: url.optional(),
  scopes: z.array(z.string().min(1).max(256)).max(50).optional(),
  pkce: z.boolean().optional(),
  tokenEndpointAuthentication: z.enum(["client_secret_basic", "client_secret_post"]).optional(),
  mapping: oidcMapping,
});

/** The SAML part: the IdP's SSO URL and signing certificate (PEM), its entity ID. */
export const samlConfigInput = z.object({
  entryPoint: url,
  cert: z.string().min(1).max(16384),
  callbackUrl: url.optional(),
  audience: z.string().max(2048).optional(),
  idpMetadata: z.object({ entityID: z.string().max(2048).optional(), metadata: z.string().max(200_000).optional() }).optional(),
  wantAssertionsSigned: z.boolean().optional(),
  identifierFormat: z.string().max(512).optional(),
  signatureAlgorithm: z.string().max(128).optional(),
  digestAlgorithm: z.string().max(128).optional(),
  /** Gatehouse: a Response that answers no AuthnRequest of ours is refused unless this is on. */
  allowIdpInitiated: z.boolean().optional(),
  mapping: z.object({ id: z.string().max(128).optional(), email: z.string().max(128).optional(), name: z.string().max(128).optional() }).optional(),
});

/** The OIDC configuration as stored: endpoints resolved at registration, the secret sealed. */
export interface StoredOidcConfig {
  clientId: string;
  /** AES-256-GCM under the auth secret. */
  clientSecret: string;
  discoveryEndpoint: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint: string | null;
  scopes: string[];
  pkce: boolean;
  tokenEndpointAuthentication: "client_secret_basic" | "client_secret_post";
  mapping: z.infer<typeof oidcMapping> | null;
}

export interface StoredSamlConfig {
  entryPoint: string;
  cert: string;
  idpEntityID: string | null;
  wantAssertionsSigned: boolean;
  identifierFormat: string | null;
  signatureAlgorithm: string | null;
  digestAlgorithm: string | null;
  allowIdpInitiated: boolean;
  mapping: { id?: string; email?: string; name?: string } | null;
}

/** better-auth's defaults for an OpenID provider. */
export const DEFAULT_OIDC_SCOPES = ["openid", "email", "profile", "offline_access"];

export function sealClientSecret(ctx: AuthContext, secret: string): string {
  return encryptToken(deriveTokenEncryptionKey(ctx.secret), ctx.random, secret);
}

export function openClientSecret(ctx: AuthContext, sealed: string): string | null {
  return decryptToken(deriveTokenEncryptionKey(ctx.secret), sealed);
}

export function readOidcConfig(row: SsoProviderRow): StoredOidcConfig | null {
  if (row.type !== "oidc" || row.oidcConfig === null) return null;
  return JSON.parse(row.oidcConfig) as StoredOidcConfig;
}

export function readSamlConfig(row: SsoProviderRow): StoredSamlConfig | null {
  if (row.type !== "saml" || row.samlConfig === null) return null;
  return JSON.parse(row.samlConfig) as StoredSamlConfig;
}

/** `BASE_URL/api/auth/sso/callback/<providerId>`: the redirect URI to register at the OpenID provider. */
export function ssoCallbackURL(ctx: AuthContext, providerId: string): string {
  return `${ctx.options.baseURL}${ctx.options.basePath}/sso/callback/${encodeURIComponent(providerId)}`;
}

/** `BASE_URL/api/auth/sso/saml2/sp/acs/<providerId>`: where the IdP posts its Response. */
export function samlAcsURL(ctx: AuthContext, providerId: string): string {
  return `${ctx.options.baseURL}${ctx.options.basePath}/sso/saml2/sp/acs/${encodeURIComponent(providerId)}`;
}

function samlMetadataURL(ctx: AuthContext, providerId: string): string {
  return `${ctx.options.baseURL}${ctx.options.basePath}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;
}

export interface WireSsoProvider {
  id: string;
  providerId: string;
  type: "oidc" | "saml";
  issuer: string;
  domain: string;
  organizationId: string;
  userId: string | null;
  domainVerified: boolean;
  oidcConfig?: Omit<StoredOidcConfig, "clientSecret">;
  samlConfig?: StoredSamlConfig & { callbackUrl: string; spMetadataUrl: string };
  redirectURI: string;
  createdAt: string;
  updatedAt: string;
}

/** A provider as the management endpoints answer it: never the client secret. */
export function toWireSsoProvider(ctx: AuthContext, row: SsoProviderRow): WireSsoProvider {
  const wire: WireSsoProvider = {
    id: row.id,
    providerId: row.providerId,
    type: row.type,
    issuer: row.issuer,
    domain: row.domain,
    organizationId: row.organizationId,
    userId: row.userId,
    domainVerified: row.domainVerified === 1,
    redirectURI: ssoCallbackURL(ctx, row.providerId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  const oidc = readOidcConfig(row);
  if (oidc) {
    const { clientSecret: _secret, ...rest } = oidc;
    wire.oidcConfig = rest;
  }
  const saml = readSamlConfig(row);
  if (saml) wire.samlConfig = { ...saml, callbackUrl: samlAcsURL(ctx, row.providerId), spMetadataUrl: samlMetadataURL(ctx, row.providerId) };
  return wire;
}
