import { z } from "zod";
import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { providerRuntime } from "../oauth/engine.js";
import { DEFAULT_OIDC_SCOPES, sealClientSecret, type oidcConfigInput, type StoredOidcConfig } from "./provider-config.js";
import { judgeProviderURL } from "./public-host.js";

const discoveryDocument = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string().optional(),
  jwks_uri: z.string(),
});

/** 400 unless the server may fetch `value` (public host, or a trusted origin). */
async function assertFetchable(ctx: AuthContext, value: string): Promise<void> {
  const verdict = await judgeProviderURL(value, { trustedOrigins: ctx.options.trustedOrigins, resolveHost: ctx.options.sso.resolveHost });
  if (!verdict.ok) {
    ctx.logger.warn("identity provider URL refused", { reason: verdict.reason });
    throw APIError.from(400, "SSO_PROVIDER_URL_NOT_ALLOWED");
  }
}

const trimSlash = (value: string): string => value.replace(/\/+$/, "");

/**
 * The OpenID provider's configuration to store: the endpoints given, the rest from the issuer's
 * discovery document (its `issuer` must be the one registered). Every URL the server will fetch
 * is checked against the public-host rule first; nothing is fetched from a refused one.
 */
export async function resolveOidcConfig(
  ctx: AuthContext,
  issuer: string,
  input: Omit<z.infer<typeof oidcConfigInput>, "clientSecret"> & { clientSecret: string | { sealed: string } },
): Promise<StoredOidcConfig> {
  await assertFetchable(ctx, issuer);
  const discoveryEndpoint = input.discoveryEndpoint ?? `${trimSlash(issuer)}/.well-known/openid-configuration`;
  await assertFetchable(ctx, discoveryEndpoint);
  let authorization = input.authorizationEndpoint;
  let token = input.tokenEndpoint;
  let jwks = input.jwksEndpoint;
  let userInfo = input.userInfoEndpoint ?? null;
  if (!authorization || !token || !jwks) {
    let document: z.infer<typeof discoveryDocument>;
    try {
      const response = await providerRuntime(ctx).fetch(discoveryEndpoint, { headers: { accept: "application/json" }, redirect: "error" });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      document = discoveryDocument.parse(await response.json());
    } catch (error) {
      ctx.logger.warn("OIDC discovery failed", { error: error instanceof Error ? error.message : String(error) });
      throw APIError.from(400, "SSO_DISCOVERY_FAILED");
    }
    if (trimSlash(document.issuer) !== trimSlash(issuer)) throw APIError.from(400, "SSO_DISCOVERY_FAILED");
    authorization ??= document.authorization_endpoint;
    token ??= document.token_endpoint;
    jwks ??= document.jwks_uri;
    userInfo ??= document.userinfo_endpoint ?? null;
  }
  for (const endpoint of [authorization, token, jwks, ...(userInfo ? [userInfo] : [])]) await assertFetchable(ctx, endpoint);
  return {
    clientId: input.clientId,
    // A new secret is sealed; an update that gives none keeps the stored one.
    clientSecret: typeof input.clientSecret === "string" ? sealClientSecret(ctx, input.clientSecret) : input.clientSecret.sealed,
    discoveryEndpoint,
    authorizationEndpoint: authorization,
    tokenEndpoint: token,
    jwksEndpoint: jwks,
    userInfoEndpoint: userInfo,
    scopes: input.scopes ?? DEFAULT_OIDC_SCOPES,
    pkce: input.pkce ?? true,
    tokenEndpointAuthentication: input.tokenEndpointAuthentication ?? "client_secret_basic",
    mapping: input.mapping ?? null,
  };
}
