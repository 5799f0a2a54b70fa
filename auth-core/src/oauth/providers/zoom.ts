import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { joinName, readEmail, readOptionalString } from "./claims.js";

/** Options of Zoom sign-in (docs/providers.md, the zoom row). */
export interface ZoomProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** Send the S256 challenge (default true, as better-auth). */
  pkce?: boolean;
}

const ME = "https://api.zoom.us/v2/users/me";

export function createZoomProvider(options: ZoomProviderOptions): OAuthProvider {
  return defineProvider({
    id: "zoom",
    name: "Zoom",
    options,
    // Zoom's scopes are chosen on the app (e.g. user:read:user); none are asked for by default.
    defaultScopes: [],
    sendPKCE: options.pkce ?? true,
    // Zoom's OAuth documentation authenticates the app with HTTP Basic at the token endpoint.
    clientAuthentication: "client_secret_basic",
    endpoints: fixedEndpoints({
      authorization: "https://zoom.us/oauth/authorize",
      token: "https://zoom.us/oauth/token",
      userInfo: ME,
    }),
    // Refresh tokens are single-use: each refresh answers a new one, which replaces the stored one.
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (profile) => readOptionalString(profile.id),
      user: (profile) => ({
        email: readEmail(profile.email),
        // `verified` is 1 when Zoom has verified the account's address, 0 otherwise.
        emailVerified: profile.verified === 1,
        name: readOptionalString(profile.display_name) ?? joinName(profile.first_name, profile.last_name),
        image: readOptionalString(profile.pic_url),
      }),
    }),
  });
}
