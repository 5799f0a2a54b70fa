import type { AuthContext } from "../context.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { createS256CodeChallenge } from "./pkce.js";
import { requestTokens } from "./token-request.js";
import type { AuthorizationURLInput, OAuthProfile, OAuthProvider, OAuthTokens, ProviderEndpoints, ProviderEngine } from "./types.js";

/** The provider's endpoints: its fixed ones, or its issuer's discovery document (cached). */
export async function resolveEndpoints(ctx: AuthContext, provider: OAuthProvider): Promise<ProviderEndpoints> {
  if ("discoveryIssuer" in provider.endpoints) return ctx.options.social.discover(ctx, provider.endpoints.discoveryIssuer);
  return provider.endpoints;
}

/** The shared authorization-URL parameters plus the provider's own (reference/oauth-providers.md). */
export async function createAuthorizationURL(ctx: AuthContext, provider: OAuthProvider, input: AuthorizationURLInput): Promise<URL> {
  const endpoints = await resolveEndpoints(ctx, provider);
  const url = new URL(endpoints.authorization);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: provider.clientId,
    redirect_uri: input.redirectURI,
    state: input.state,
    scope: input.scopes.join(provider.scopeSeparator),
  };
  if (provider.sendPKCE) {
    params.code_challenge = createS256CodeChallenge(input.codeVerifier);
    params.code_challenge_method = "S256";
  }
  if (input.loginHint) params.login_hint = input.loginHint;
  // An OpenID provider puts the nonce in the ID token it issues; the callback requires it there.
  if (input.nonce && provider.idToken) params.nonce = input.nonce;
  Object.assign(params, provider.authorizationParams(input));
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

export async function exchangeAuthorizationCode(
  ctx: AuthContext,
  provider: OAuthProvider,
  input: { code: string; codeVerifier: string; redirectURI: string },
): Promise<OAuthTokens> {
  const endpoints = await resolveEndpoints(ctx, provider);
  const params: Record<string, string> = { grant_type: "authorization_code", code: input.code, redirect_uri: input.redirectURI };
  if (provider.sendPKCE) params.code_verifier = input.codeVerifier;
  return requestTokens(ctx, {
    endpoint: endpoints.token,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authentication: provider.clientAuthentication,
    format: provider.tokenRequestFormat,
    params,
  });
}

export async function refreshAccessToken(ctx: AuthContext, provider: OAuthProvider, refreshToken: string): Promise<OAuthTokens> {
  const endpoints = await resolveEndpoints(ctx, provider);
  return requestTokens(ctx, {
    endpoint: endpoints.token,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authentication: provider.clientAuthentication,
    format: provider.tokenRequestFormat,
    params: { grant_type: "refresh_token", refresh_token: refreshToken },
  });
}

/**
 * The engine functions handed to a provider's profile mapping. One engine serves one request:
 * an ID token is verified once however many steps read it (the callback, then the mapping), and
 * each caller's nonce is checked against the verified claims.
 */
export function createProviderEngine(ctx: AuthContext, provider: OAuthProvider): ProviderEngine {
  const verified = new Map<string, Promise<Record<string, unknown> | null>>();
  async function verify(token: string): Promise<Record<string, unknown> | null> {
    const policy = provider.idToken;
    if (!policy) return null;
    const endpoints = await resolveEndpoints(ctx, provider);
    if (!endpoints.jwks) return null;
    return ctx.options.social.verifyIdToken(ctx, { token, jwksURI: endpoints.jwks, issuers: [...endpoints.issuers, ...(policy.additionalIssuers ?? [])], policy });
  }
  return {
    async verifyIdToken(token, nonce) {
      let claims = verified.get(token);
      if (!claims) {
        claims = verify(token);
        verified.set(token, claims);
      }
      const result = await claims;
      if (!result) return null;
      if (nonce !== undefined && (typeof result.nonce !== "string" || !constantTimeEqual(result.nonce, nonce))) return null;
      return result;
    },
    async fetchUserInfo(accessToken) {
      const endpoints = await resolveEndpoints(ctx, provider);
      if (!endpoints.userInfo) return null;
      const response = await ctx.fetch(endpoints.userInfo, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } });
      if (!response.ok) return null;
      return (await response.json()) as Record<string, unknown>;
    },
  };
}

/** The person behind a set of tokens; null when the provider gave nothing usable. */
export async function getProviderProfile(
  ctx: AuthContext,
  provider: OAuthProvider,
  tokens: Pick<OAuthTokens, "accessToken" | "idToken">,
  engine: ProviderEngine = createProviderEngine(ctx, provider),
): Promise<OAuthProfile | null> {
  try {
    return await provider.getUserInfo(ctx, tokens, engine);
  } catch (error) {
    ctx.logger.warn("provider user info failed", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
