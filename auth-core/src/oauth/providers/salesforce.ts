import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readEmailVerified, readObject, readOptionalString } from "./claims.js";

/** Options of Salesforce sign-in (docs/providers.md, the salesforce row), named as better-auth names them. */
export interface SalesforceProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** login.salesforce.com ("production", the default) or test.salesforce.com ("sandbox"). */
  environment?: "production" | "sandbox";
  /** A My Domain host (e.g. "acme.my.salesforce.com"), used instead of the environment's host. */
  loginUrl?: string;
}

function loginHost(options: SalesforceProviderOptions): string {
  if (options.loginUrl) return `https://${options.loginUrl.replace(/^https?:\/\//, "").replace(/\/+$/, "")}`;
  return options.environment === "sandbox" ? "https://test.salesforce.com" : "https://login.salesforce.com";
}

export function createSalesforceProvider(options: SalesforceProviderOptions): OAuthProvider {
  const host = loginHost(options);
  return defineProvider({
    id: "salesforce",
    name: "Salesforce",
    options,
    defaultScopes: ["openid", "email", "profile"],
    // better-auth refuses to start without a verifier; an org can make PKCE mandatory.
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: `${host}/services/oauth2/authorize`,
      token: `${host}/services/oauth2/token`,
      userInfo: `${host}/services/oauth2/userinfo`,
    }),
    // A refresh token comes only when the refresh_token (or offline_access) scope is asked for.
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      // `user_id` is the user's record id; `sub` is the identity URL that contains it.
      id: (profile) => readOptionalString(profile.user_id),
      user(profile) {
        const photos = readObject(profile.photos);
        return {
          email: readEmail(profile.email),
          emailVerified: readEmailVerified(profile.email_verified),
          name: readOptionalString(profile.name) ?? readOptionalString(profile.preferred_username),
          image: readOptionalString(photos.picture) ?? readOptionalString(photos.thumbnail),
        };
      },
    }),
  });
}
