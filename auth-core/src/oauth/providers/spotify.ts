import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Spotify sign-in (docs/providers.md, the spotify row). */
export interface SpotifyProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

export function createSpotifyProvider(options: SpotifyProviderOptions): OAuthProvider {
  return defineProvider({
    id: "spotify",
    name: "Spotify",
    options,
    defaultScopes: ["user-read-email"],
    // Spotify supports S256 for every client.
    sendPKCE: true,
    // Spotify's docs authenticate the token request with HTTP Basic.
    clientAuthentication: "client_secret_basic",
    endpoints: fixedEndpoints({
      authorization: "https://accounts.spotify.com/authorize",
      token: "https://accounts.spotify.com/api/token",
      userInfo: "https://api.spotify.com/v1/me",
    }),
    // A refresh may or may not return a new refresh token; the stored one is kept when it does not.
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (profile) => readId(profile.id),
      user(profile) {
        const images = Array.isArray(profile.images) ? profile.images : [];
        return {
          email: readEmail(profile.email),
          // Spotify does not vouch for the address.
          emailVerified: false,
          name: readOptionalString(profile.display_name),
          image: readOptionalString(readObject(images[0]).url),
        };
      },
    }),
  });
}
