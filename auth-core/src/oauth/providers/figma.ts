import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readOptionalString } from "./claims.js";

/** Options of Figma sign-in (docs/providers.md, the figma row). */
export interface FigmaProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

export function createFigmaProvider(options: FigmaProviderOptions): OAuthProvider {
  return defineProvider({
    id: "figma",
    name: "Figma",
    options,
    defaultScopes: ["current_user:read"],
    // better-auth refuses to start without a verifier and sends S256.
    sendPKCE: true,
    clientAuthentication: "client_secret_basic",
    endpoints: fixedEndpoints({
      authorization: "https://www.figma.com/oauth",
      token: "https://api.figma.com/v1/oauth/token",
      userInfo: "https://api.figma.com/v1/me",
    }),
    // grant_type=refresh_token at the token endpoint, as better-auth does.
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (profile) => readId(profile.id),
      user: (profile) => ({
        email: readEmail(profile.email),
        // Figma gives no verification claim.
        emailVerified: false,
        name: readOptionalString(profile.handle),
        image: readOptionalString(profile.img_url),
      }),
    }),
  });
}
