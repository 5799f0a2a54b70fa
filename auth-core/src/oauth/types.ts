import type { Clock } from "../deps/clock.js";
import type { Logger } from "../deps/logger.js";

/** What a token endpoint answered, normalised (docs/providers.md, Common to every provider). */
export interface OAuthTokens {
  /** null only for ID-token sign-in without an access token. */
  accessToken: string | null;
  tokenType: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scopes: string[];
}

/** The person as the provider describes them, mapped to our user fields. */
export interface OAuthUserInfo {
  /** The provider's account id (subject). */
  id: string;
  email: string | null;
  /** false when the provider gives no verification claim. */
  emailVerified: boolean;
  name: string | null;
  image: string | null;
}

export interface OAuthProfile {
  user: OAuthUserInfo;
  /** The provider's raw profile (answered by /account-info). */
  data: Record<string, unknown>;
}

export interface ProviderEndpoints {
  authorization: string;
  token: string;
  userInfo: string | null;
  jwks: string | null;
  /** Accepted `iss` values of ID tokens. */
  issuers: string[];
}

/** How the client proves itself at the token endpoint; "none" for public clients without a secret. */
export type ClientAuthentication = "client_secret_basic" | "client_secret_post" | "none";

/** The parts of the context a provider's own code may use: no database, no options. */
export interface ProviderRuntime {
  clock: Clock;
  fetch: typeof fetch;
  logger: Logger;
}

/**
 * Parameters some providers add to their callback besides code and state: Apple's first-time
 * `user` JSON (the name), VK's `device_id` (needed again at the token endpoint).
 */
export interface CallbackExtras {
  user?: string;
  deviceId?: string;
}

export interface AuthorizationURLInput {
  state: string;
  codeVerifier: string;
  redirectURI: string;
  scopes: string[];
  loginHint?: string;
  /** Sent to providers that issue ID tokens; the token must carry it back. */
  nonce?: string;
}

export interface TokenRequestContext {
  grant: "authorization_code" | "refresh_token";
  callback: CallbackExtras;
  /** The flow's state, for providers that want it again with the code (VK ID, Naver); absent on refresh. */
  state?: string;
}

/** ID-token support: which tokens the provider signs and how old they may be. */
export interface IdTokenPolicy {
  /** Accepted `aud` values: the client id, and any other client ids of the same app. */
  audiences: string[];
  /** Spec §9: one hour for Google, Apple, Cognito, Microsoft. */
  maxAgeSeconds: number | null;
  /** `iss` spellings accepted besides the issuer's own (Google also signs "accounts.google.com"). */
  additionalIssuers?: string[];
  /**
   * Replaces the exact issuer comparison, for issuers that depend on the token (Microsoft's
   * multi-tenant `https://login.microsoftonline.com/{tenantid}/v2.0`). It may read the
   * provider's documents (a tenant named by its domain: the tenant's discovery document).
   */
  matchIssuer?(issuer: string, claims: Record<string, unknown>, runtime: ProviderRuntime): boolean | Promise<boolean>;
  /** Replaces the exact nonce comparison (Apple's native SDKs put the nonce's SHA-256 in the token). */
  matchNonce?(claimed: string, expected: string): boolean;
  /** Signing algorithms accepted; default: the asymmetric ones jose knows. */
  algorithms?: string[];
  /**
   * The provider's own verification instead of its JWKS (LINE answers a token's claims at its
   * verify endpoint): the claims, or null. Audience, expiry and nonce are still checked here.
   */
  verify?(token: string, runtime: ProviderRuntime): Promise<Record<string, unknown> | null>;
  /** A provider-specific extra check on the verified claims (e.g. Google's `hd`). */
  acceptClaims?(claims: Record<string, unknown>): boolean;
}

/** What a provider's profile mapping is given. */
export interface UserInfoInput {
  tokens: Pick<OAuthTokens, "accessToken" | "idToken">;
  engine: ProviderEngine;
  callback: CallbackExtras;
}

/**
 * One provider, as data plus a profile mapping: the engine in oauth/ does the flow. Each
 * provider file builds one of these with `defineProvider` from its options.
 */
export interface OAuthProvider {
  id: string;
  /** The provider's name as people know it ("GitHub"), for buttons and docs. */
  name: string;
  clientId: string;
  /** The client secret now (a fixed string, or a signed JWT renewed before it expires); null: none. */
  clientSecret(runtime: ProviderRuntime): Promise<string | null>;
  /** The name of the client id parameter ("client_id"; TikTok: "client_key"). */
  clientIdParameter: string;
  /** Scopes always asked for, before the caller's extra scopes. */
  defaultScopes: string[];
  scopeSeparator: string;
  /** Whether the S256 challenge is sent (the verifier is always generated and stored). */
  sendPKCE: boolean;
  clientAuthentication: ClientAuthentication;
  tokenRequestFormat: "form" | "json";
  /** Extra headers of token requests (Reddit refuses requests without its own User-Agent). */
  tokenHeaders: Record<string, string>;
  /** Fixed endpoints, or discovered from an OpenID issuer (cached). */
  endpoints: ProviderEndpoints | { discoveryIssuer: string };
  /** The redirect URI registered at the provider, when it is not {baseURL}/api/auth/callback/{id}. */
  redirectURI: string | null;
  /** Provider-specific authorization parameters (Google: access_type, prompt, hd…). */
  authorizationParams(input: AuthorizationURLInput): Record<string, string>;
  /** Extra token-request parameters (VK: device_id). */
  tokenParams(request: TokenRequestContext): Record<string, string>;
  /** The token fields out of the provider's answer, for answers nested under a key. */
  readTokenResponse(body: Record<string, unknown>): Record<string, unknown>;
  /** How the provider's ID tokens are verified (the code flow's and a client's); null: it issues none we read. */
  idToken: IdTokenPolicy | null;
  /**
   * Whether a client may sign in with an ID token (POST /sign-in/social {idToken}). Separate from
   * the policy: a provider whose profile is its ID token still reads it in the code flow when
   * client sign-in is off (the integrator's disableIdTokenSignIn, or a provider without it).
   */
  idTokenSignIn: boolean;
  supportsRefresh: boolean;
  /**
   * The provider never (or only with extra permission) gives an address: the person signs in
   * with a placeholder under `.invalid` instead of being refused with email_not_found.
   */
  emailMayBeMissing: boolean;
  /** Sign-up only when the request asks for it (requestSignUp). */
  disableImplicitSignUp: boolean;
  disableSignUp: boolean;
  /** Maps tokens to the person; null when the provider gave nothing usable. */
  getUserInfo(input: UserInfoInput): Promise<OAuthProfile | null>;
  /** The integrator's own mapping, applied over the provider's (better-auth's mapProfileToUser). */
  mapProfileToUser: ((profile: Record<string, unknown>) => Partial<Omit<OAuthUserInfo, "id">> | Promise<Partial<Omit<OAuthUserInfo, "id">>>) | null;
}

export interface JSONRequest {
  method?: "GET" | "POST";
  /** Sent as `Authorization: Bearer …`. */
  accessToken?: string;
  headers?: Record<string, string>;
  /** A JSON body (object) or a form body (URLSearchParams). */
  body?: Record<string, unknown> | URLSearchParams;
}

/** The engine functions a provider's mapping may call. */
export interface ProviderEngine {
  readonly runtime: ProviderRuntime;
  /** Verified claims of an ID token from this provider, or null. */
  verifyIdToken(token: string, nonce?: string): Promise<Record<string, unknown> | null>;
  /** GET the user-info endpoint with the access token as Bearer. */
  fetchUserInfo(accessToken: string): Promise<Record<string, unknown> | null>;
  /** Any JSON call of the provider's API (GitHub's /user/emails, Linear's GraphQL); null unless 2xx JSON. */
  fetchJSON(url: string, request?: JSONRequest): Promise<Record<string, unknown> | unknown[] | null>;
}
