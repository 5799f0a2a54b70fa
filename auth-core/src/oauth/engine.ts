import type { AuthContext } from "../context.js";
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

/** The engine functions handed to a provider's profile mapping. */
export function createProviderEngine(ctx: AuthContext, provider: OAuthProvider): ProviderEngine {
  return {
    async verifyIdToken(token, nonce) {
      if (!provider.idToken) return null;
      const endpoints = await resolveEndpoints(ctx, provider);
      if (!endpoints.jwks) return null;
      return ctx.options.social.verifyIdToken(ctx, { token, jwksURI: endpoints.jwks, issuers: [...endpoints.issuers, ...(provider.idToken.additionalIssuers ?? [])], policy: provider.idToken, nonce });
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
): Promise<OAuthProfile | null> {
  try {
    return await provider.getUserInfo(ctx, tokens, createProviderEngine(ctx, provider));
  } catch (error) {
    ctx.logger.warn("provider user info failed", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
