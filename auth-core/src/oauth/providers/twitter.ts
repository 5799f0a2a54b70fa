import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of X (Twitter) sign-in, OAuth 2.0 (docs/providers.md, the twitter row). */
export interface TwitterProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const ME = "https://api.x.com/2/users/me";

/** X answers `{ data: { … } }`; the user is the object under `data`. */
function readUser(body: Record<string, unknown> | unknown[] | null): Record<string, unknown> | null {
  if (!body || Array.isArray(body)) return null;
  const user = readObject(body.data);
  return readId(user.id) ? user : null;
}

export function createTwitterProvider(options: TwitterProviderOptions): OAuthProvider {
  return defineProvider({
    id: "twitter",
    name: "X",
    options,
    // offline.access for a refresh token; users.email for confirmed_email (the app needs the email permission too).
    defaultScopes: ["users.read", "tweet.read", "offline.access", "users.email"],
    // X requires PKCE, and confidential clients authenticate with HTTP Basic.
    sendPKCE: true,
    clientAuthentication: "client_secret_basic",
    endpoints: fixedEndpoints({
      authorization: "https://x.com/i/oauth2/authorize",
      token: "https://api.x.com/2/oauth2/token",
      userInfo: ME,
    }),
    supportsRefresh: true,
    // The address comes only with users.email and the app's email permission.
    emailMayBeMissing: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      const profile = readUser(await engine.fetchJSON(`${ME}?user.fields=profile_image_url`, { accessToken: tokens.accessToken }));
      if (!profile) return null;
      // A separate call, so that an app without the email permission still gets the profile.
      const withEmail = readUser(await engine.fetchJSON(`${ME}?user.fields=confirmed_email`, { accessToken: tokens.accessToken }));
      const email = readEmail(withEmail?.confirmed_email);
      return {
        user: {
          id: readId(profile.id) ?? "",
          email,
          // X answers confirmed_email only for an address the person confirmed.
          emailVerified: email !== null,
          name: readOptionalString(profile.name) ?? readOptionalString(profile.username),
          image: readOptionalString(profile.profile_image_url),
        },
        data: { ...profile, ...(email ? { confirmed_email: email } : {}) },
      };
    },
  });
}
