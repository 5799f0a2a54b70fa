/** Gatehouse as an OAuth 2.1 / OpenID Connect provider (docs/oidc-provider.md). */
export interface OAuthProviderOptions {
  oauthProvider?: {
    /** The /oauth2/* endpoints and the discovery documents. Default false (the server turns it on). */
    enabled?: boolean;
    /** The sign-in page an authorization sends a signed-out person to; default "/login". */
    loginPage?: string;
    /** The consent page; default "/consent". */
    consentPage?: string;
    /** Scopes people grant to clients; default openid, profile, email, offline_access. */
    scopes?: string[];
    /** Scopes only a client's own token (client_credentials) may carry, e.g. "reports:read". Default none. */
    clientCredentialsScopes?: string[];
    /** Seconds; defaults are better-auth's: code 600, access token 3600, ID token 36000, refresh token 30 days. */
    codeExpiresIn?: number;
    accessTokenExpiresIn?: number;
    idTokenExpiresIn?: number;
    refreshTokenExpiresIn?: number;
  };
}

export interface ResolvedOAuthProviderOptions {
  enabled: boolean;
  /** `<baseURL><basePath>`: the `iss` of every token and answer. */
  issuer: string;
  loginPage: string;
  consentPage: string;
  scopes: string[];
  clientCredentialsScopes: string[];
  codeExpiresIn: number;
  accessTokenExpiresIn: number;
  idTokenExpiresIn: number;
  refreshTokenExpiresIn: number;
}

const OIDC_SCOPES = ["openid", "profile", "email", "offline_access"];

export function resolveOAuthProviderOptions(options: OAuthProviderOptions, issuer: string): ResolvedOAuthProviderOptions {
  const o = options.oauthProvider ?? {};
  return {
    enabled: o.enabled ?? false,
    issuer,
    loginPage: o.loginPage ?? "/login",
    consentPage: o.consentPage ?? "/consent",
    scopes: o.scopes ?? OIDC_SCOPES,
    clientCredentialsScopes: o.clientCredentialsScopes ?? [],
    codeExpiresIn: o.codeExpiresIn ?? 600,
    accessTokenExpiresIn: o.accessTokenExpiresIn ?? 3600,
    idTokenExpiresIn: o.idTokenExpiresIn ?? 36_000,
    refreshTokenExpiresIn: o.refreshTokenExpiresIn ?? 30 * 24 * 60 * 60,
  };
}
