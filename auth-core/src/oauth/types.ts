import type { AuthContext } from "../context.js";

/** What a token endpoint answered, normalised (reference/oauth-providers.md, token response). */
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

export type ClientAuthentication = "client_secret_basic" | "client_secret_post";

export interface AuthorizationURLInput {
  state: string;
  codeVerifier: string;
  redirectURI: string;
  scopes: string[];
  loginHint?: string;
  /** Sent to providers that issue ID tokens; the token must carry it back. */
  nonce?: string;
}

/** ID-token support: which tokens the provider signs and how old they may be. */
export interface IdTokenPolicy {
  /** Accepted `aud` values: the client id, and any other client ids of the same app. */
  audiences: string[];
  /** Spec §9: one hour for Google, Apple, Cognito, Microsoft. */
  maxAgeSeconds: number | null;
  /** `iss` spellings accepted besides the issuer's own (Google also signs "accounts.google.com"). */
  additionalIssuers?: string[];
  /** A provider-specific extra check on the verified claims (e.g. Google's `hd`). */
  acceptClaims?(claims: Record<string, unknown>): boolean;
}

/**
 * One provider, as data plus a profile mapping: the engine in oauth/ does the flow. Each
 * provider file builds one of these from its options.
 */
export interface OAuthProvider {
  id: string;
  clientId: string;
  clientSecret: string;
  /** Scopes always asked for, before the caller's extra scopes. */
  defaultScopes: string[];
  scopeSeparator: string;
  /** Whether the S256 challenge is sent (the verifier is always generated and stored). */
  sendPKCE: boolean;
  clientAuthentication: ClientAuthentication;
  tokenRequestFormat: "form" | "json";
  /** Fixed endpoints, or discovered from an OpenID issuer (cached). */
  endpoints: ProviderEndpoints | { discoveryIssuer: string };
  /** Provider-specific authorization parameters (Google: access_type, prompt, hd…). */
  authorizationParams(input: AuthorizationURLInput): Record<string, string>;
  /** null: the provider has no ID-token sign-in. */
  idToken: IdTokenPolicy | null;
  supportsRefresh: boolean;
  /** Sign-up only when the request asks for it (requestSignUp). */
  disableImplicitSignUp: boolean;
  disableSignUp: boolean;
  /** Maps tokens to the person; null when the provider gave nothing usable. */
  getUserInfo(ctx: AuthContext, tokens: Pick<OAuthTokens, "accessToken" | "idToken">, engine: ProviderEngine): Promise<OAuthProfile | null>;
}

/** The engine functions a provider's mapping may call. */
export interface ProviderEngine {
  /** Verified claims of an ID token from this provider, or null. */
  verifyIdToken(token: string, nonce?: string): Promise<Record<string, unknown> | null>;
  /** GET the user-info endpoint with the access token as Bearer. */
  fetchUserInfo(accessToken: string): Promise<Record<string, unknown> | null>;
}
