import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readOptionalString } from "./claims.js";

/** Options of Atlassian sign-in, OAuth 2.0 (3LO) (docs/providers.md, the atlassian row). */
export interface AtlassianProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** Default "consent", as in Atlassian's own authorization URL. */
  prompt?: string;
}

export function createAtlassianProvider(options: AtlassianProviderOptions): OAuthProvider {
  return defineProvider({
    id: "atlassian",
    name: "Atlassian",
    options,
    // better-auth's two, plus read:me: Atlassian's docs require it for the user identity API (/me).
    // offline_access gives a refresh token.
    defaultScopes: ["read:jira-user", "read:me", "offline_access"],
    // better-auth sends S256 and Atlassian ignores what it does not use.
    sendPKCE: true,
    // Atlassian's docs show the token request as a JSON body.
    tokenRequestFormat: "json",
    endpoints: fixedEndpoints({
      authorization: "https://auth.atlassian.com/authorize",
      token: "https://auth.atlassian.com/oauth/token",
      userInfo: "https://api.atlassian.com/me",
    }),
    authorizationParams() {
      // audience is required: the tokens are for Atlassian's API gateway.
      return { audience: "api.atlassian.com", prompt: options.prompt ?? "consent" };
    },
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (profile) => readId(profile.account_id),
      user: (profile) => ({
        email: readEmail(profile.email),
        // /me carries no verification claim.
        emailVerified: false,
        name: readOptionalString(profile.name) ?? readOptionalString(profile.nickname),
        image: readOptionalString(profile.picture),
      }),
    }),
  });
}
