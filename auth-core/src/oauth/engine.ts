import type { AuthContext } from "../context.js";
import { createS256CodeChallenge } from "./pkce.js";
import { nonceMatches, type IdTokenResult } from "./id-token.js";
import { requestTokens } from "./token-request.js";
import type {
  AuthorizationURLInput,
  CallbackExtras,
  JSONRequest,
  OAuthProfile,
  OAuthProvider,
  OAuthTokens,
  ProviderEndpoints,
  ProviderEngine,
  ProviderRuntime,
} from "./types.js";

/** Seconds of clock skew accepted on `exp` of tokens a provider verified for us. */
const CLOCK_TOLERANCE_SECONDS = 30;

/**
 * What a provider's code may use: the clock, the logger, and the injected fetch bounded by the
 * configured timeout, so a provider that never answers ends the flow instead of holding it.
 */
export function providerRuntime(ctx: AuthContext): ProviderRuntime {
  const timeoutMs = ctx.options.social.requestTimeoutMs;
  return {
    clock: ctx.clock,
    logger: ctx.logger,
    fetch: (input, init) => ctx.fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) }),
  };
}

/** The provider's endpoints: its fixed ones, or its issuer's discovery document (cached). */
async function resolveEndpoints(ctx: AuthContext, provider: OAuthProvider, runtime = providerRuntime(ctx)): Promise<ProviderEndpoints> {
  if ("discoveryIssuer" in provider.endpoints) return ctx.oauth.discover(runtime, provider.endpoints.discoveryIssuer);
  return provider.endpoints;
}

/** The redirect URI registered at the provider: its own setting, or {baseURL}{basePath}/callback/{id}. */
export function providerRedirectURI(ctx: AuthContext, provider: OAuthProvider): string {
  return provider.redirectURI ?? `${ctx.options.baseURL}${ctx.options.basePath}/callback/${provider.id}`;
}

/** The shared authorization-URL parameters plus the provider's own (docs/providers.md: Common to every provider, then its row). */
export async function createAuthorizationURL(ctx: AuthContext, provider: OAuthProvider, input: AuthorizationURLInput): Promise<URL> {
  const endpoints = await resolveEndpoints(ctx, provider);
  const url = new URL(endpoints.authorization);
  const params: Record<string, string> = {
    response_type: "code",
    [provider.clientIdParameter]: provider.clientId,
    redirect_uri: input.redirectURI,
    state: input.state,
  };
  if (input.scopes.length > 0) params.scope = input.scopes.join(provider.scopeSeparator);
  if (provider.sendPKCE) {
    params.code_challenge = createS256CodeChallenge(input.codeVerifier);
    params.code_challenge_method = "S256";
  }
  if (input.loginHint) params.login_hint = input.loginHint;
  // An OpenID provider puts the nonce in the ID token it issues; the callback requires it there.
  if (input.nonce && provider.idToken) params.nonce = input.nonce;
  Object.assign(params, provider.authorizationParams(input));
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  // Spaces as %20, not form-encoding's "+": some providers (Cognito) read "+" literally. A "+"
  // in a value is already %2B here, so every "+" left is a space.
  url.search = url.search.replace(/\+/g, "%20");
  return url;
}

async function postToTokenEndpoint(
  ctx: AuthContext,
  provider: OAuthProvider,
  params: Record<string, string>,
  callback: CallbackExtras,
  grant: "authorization_code" | "refresh_token",
  state?: string,
): Promise<OAuthTokens> {
  const runtime = providerRuntime(ctx);
  const endpoints = await resolveEndpoints(ctx, provider, runtime);
  return requestTokens(runtime, {
    endpoint: endpoints.token,
    clientId: provider.clientId,
    clientIdParameter: provider.clientIdParameter,
    clientSecret: await provider.clientSecret(runtime),
    authentication: provider.clientAuthentication,
    format: provider.tokenRequestFormat,
    headers: provider.tokenHeaders,
    params: { ...params, ...provider.tokenParams({ grant, callback, state }) },
    readBody: provider.readTokenResponse,
  });
}

export async function exchangeAuthorizationCode(
  ctx: AuthContext,
  provider: OAuthProvider,
  input: { code: string; codeVerifier: string; redirectURI: string; callback?: CallbackExtras; state?: string },
): Promise<OAuthTokens> {
  const params: Record<string, string> = { grant_type: "authorization_code", code: input.code, redirect_uri: input.redirectURI };
  if (provider.sendPKCE) params.code_verifier = input.codeVerifier;
  return postToTokenEndpoint(ctx, provider, params, input.callback ?? {}, "authorization_code", input.state);
}

export async function refreshAccessToken(ctx: AuthContext, provider: OAuthProvider, refreshToken: string): Promise<OAuthTokens> {
  return postToTokenEndpoint(ctx, provider, { grant_type: "refresh_token", refresh_token: refreshToken }, {}, "refresh_token");
}

function readAudiences(claims: Record<string, unknown>): string[] {
  if (typeof claims.aud === "string") return [claims.aud];
  return Array.isArray(claims.aud) ? claims.aud.filter((a): a is string => typeof a === "string") : [];
}

/** The provider-independent checks on claims that the provider itself verified (LINE's verify endpoint). */
function acceptProviderVerifiedClaims(provider: OAuthProvider, claims: Record<string, unknown>, now: Date): boolean {
  const policy = provider.idToken;
  if (!policy) return false;
  const seconds = now.getTime() / 1000;
  if (!readAudiences(claims).some((aud) => policy.audiences.includes(aud))) return false;
  if (typeof claims.exp !== "number" || claims.exp + CLOCK_TOLERANCE_SECONDS < seconds) return false;
  if (policy.maxAgeSeconds !== null && (typeof claims.iat !== "number" || seconds - claims.iat > policy.maxAgeSeconds + CLOCK_TOLERANCE_SECONDS)) return false;
  return !policy.acceptClaims || policy.acceptClaims(claims);
}

/** An engine whose caller can tell "no key of the set signed this" from any other refusal. */
export interface DetailedProviderEngine extends ProviderEngine {
  verifyIdTokenResult(token: string, nonce?: string): Promise<IdTokenResult>;
}

/**
 * The engine functions handed to a provider's profile mapping. One engine serves one request:
 * an ID token is verified once however many steps read it (the callback, then the mapping), and
 * each caller's nonce is checked against the verified claims.
 */
export function createProviderEngine(ctx: AuthContext, provider: OAuthProvider): DetailedProviderEngine {
  const runtime = providerRuntime(ctx);
  const verified = new Map<string, Promise<IdTokenResult>>();

  async function verify(token: string): Promise<IdTokenResult> {
    const policy = provider.idToken;
    if (!policy) return { ok: false, reason: "invalid" };
    if (policy.verify) {
      const claims = await policy.verify(token, runtime).catch(() => null);
      return claims && acceptProviderVerifiedClaims(provider, claims, runtime.clock.now()) ? { ok: true, claims } : { ok: false, reason: "invalid" };
    }
    const endpoints = await resolveEndpoints(ctx, provider, runtime);
    if (!endpoints.jwks) return { ok: false, reason: "invalid" };
    return ctx.oauth.verifyIdToken(runtime, { token, jwksURI: endpoints.jwks, issuers: [...endpoints.issuers, ...(policy.additionalIssuers ?? [])], policy });
  }

  async function verifyIdTokenResult(token: string, nonce?: string): Promise<IdTokenResult> {
    let result = verified.get(token);
    if (!result) {
      result = verify(token);
      verified.set(token, result);
    }
    const outcome = await result;
    if (!outcome.ok || nonce === undefined || !provider.idToken) return outcome;
    return nonceMatches(provider.idToken, outcome.claims.nonce, nonce) ? outcome : { ok: false, reason: "invalid" };
  }

  async function fetchJSON(url: string, request: JSONRequest = {}): Promise<Record<string, unknown> | unknown[] | null> {
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
    let body: string | undefined;
    if (request.body instanceof URLSearchParams) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = request.body.toString();
    } else if (request.body) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    const response = await runtime.fetch(url, { method: request.method ?? (body ? "POST" : "GET"), headers, body });
    if (!response.ok) return null;
    const json: unknown = await response.json().catch(() => null);
    return json !== null && typeof json === "object" ? (json as Record<string, unknown> | unknown[]) : null;
  }

  return {
    runtime,
    verifyIdTokenResult,
    async verifyIdToken(token, nonce) {
      const outcome = await verifyIdTokenResult(token, nonce);
      return outcome.ok ? outcome.claims : null;
    },
    async fetchUserInfo(accessToken) {
      const endpoints = await resolveEndpoints(ctx, provider, runtime);
      if (!endpoints.userInfo) return null;
      const json = await fetchJSON(endpoints.userInfo, { accessToken });
      return json && !Array.isArray(json) ? json : null;
    },
    fetchJSON,
  };
}

/**
 * The person behind a set of tokens, with the integrator's mapping applied; null when the
 * provider gave nothing usable (an error, a timeout, malformed JSON).
 */
export async function getProviderProfile(
  ctx: AuthContext,
  provider: OAuthProvider,
  tokens: Pick<OAuthTokens, "accessToken" | "idToken">,
  engine: ProviderEngine = createProviderEngine(ctx, provider),
  callback: CallbackExtras = {},
): Promise<OAuthProfile | null> {
  try {
    const profile = await provider.getUserInfo({ tokens, engine, callback });
    if (!profile || !profile.user.id) return null;
    if (!provider.mapProfileToUser) return profile;
    const mapped = await provider.mapProfileToUser(profile.data);
    // The provider vouched for the address it gave: another address from the mapping is
    // unverified unless the mapping itself says otherwise.
    const otherAddress = mapped.email !== undefined && mapped.email?.toLowerCase() !== profile.user.email;
    const emailVerified = mapped.emailVerified ?? (otherAddress ? false : profile.user.emailVerified);
    return { ...profile, user: { ...profile.user, ...mapped, emailVerified, id: profile.user.id } };
  } catch (error) {
    ctx.logger.warn("provider user info failed", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}
