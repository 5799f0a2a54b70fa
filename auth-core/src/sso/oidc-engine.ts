import type { AuthContext } from "../context.js";
import { defineProvider, openIdProfile } from "../oauth/define-provider.js";
import type { OAuthProvider } from "../oauth/types.js";
import type { SsoProviderRow } from "../store/database.js";
import { openClientSecret, type StoredOidcConfig } from "./provider-config.js";

function claim(profile: Record<string, unknown>, name: string | undefined, fallback: string): unknown {
  return profile[name ?? fallback];
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * The OAuth engine's provider for an organization's OpenID provider: the endpoints stored at
 * registration, PKCE S256, the configured client authentication, ID tokens checked against the
 * provider's keys with `aud` = the client id and `iss` = the registered issuer, and the person
 * read from the verified ID token's claims (the `mapping` names other claims).
 */
/**
 * The context the OAuth engine runs with for an organization's provider: its fetches follow no
 * redirect, so a URL that passed the public-host rule cannot send the server on to a private one.
 */
export function ssoFetchContext(ctx: AuthContext): AuthContext {
  return { ...ctx, fetch: (input, init) => ctx.fetch(input, { ...init, redirect: "error" }) };
}

export function ssoOidcProvider(ctx: AuthContext, row: SsoProviderRow, config: StoredOidcConfig): OAuthProvider {
  const mapping = config.mapping ?? {};
  return defineProvider({
    id: row.providerId,
    name: row.providerId,
    options: { clientId: config.clientId, disableIdTokenSignIn: true },
    clientSecret: async () => openClientSecret(ctx, config.clientSecret),
    defaultScopes: config.scopes,
    sendPKCE: config.pkce,
    clientAuthentication: config.tokenEndpointAuthentication,
    endpoints: {
      authorization: config.authorizationEndpoint,
      token: config.tokenEndpoint,
      userInfo: config.userInfoEndpoint,
      jwks: config.jwksEndpoint,
      issuers: [row.issuer],
    },
    idToken: { audiences: [config.clientId], maxAgeSeconds: null },
    supportsRefresh: false,
    getUserInfo: openIdProfile({
      id: (profile) => stringOrNull(claim(profile, mapping.id, "sub")),
      user: (profile) => {
        const verified = claim(profile, mapping.emailVerified, "email_verified");
        return {
          email: stringOrNull(claim(profile, mapping.email, "email"))?.toLowerCase() ?? null,
          emailVerified: verified === true || verified === "true",
          name: stringOrNull(claim(profile, mapping.name, "name")),
          image: stringOrNull(claim(profile, mapping.image, "picture")),
        };
      },
    }),
  });
}
