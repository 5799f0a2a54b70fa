import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readId, readOptionalString } from "./claims.js";

/** Options of Roblox sign-in (docs/providers.md, the roblox row). */
export interface RobloxProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** Default "select_account consent" (better-auth's). */
  prompt?: "none" | "consent" | "login" | "select_account" | "select_account consent";
}

const USER_INFO = "https://apis.roblox.com/oauth/v1/userinfo";

export function createRobloxProvider(options: RobloxProviderOptions): OAuthProvider {
  return defineProvider({
    id: "roblox",
    name: "Roblox",
    options,
    defaultScopes: ["openid", "profile"],
    // Roblox takes S256 (required for public clients, recommended for the others).
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: "https://apis.roblox.com/oauth/v1/authorize",
      token: "https://apis.roblox.com/oauth/v1/token",
      userInfo: USER_INFO,
    }),
    authorizationParams: () => ({ prompt: options.prompt ?? "select_account consent" }),
    // Refresh tokens are single-use: each refresh answers a new one, which replaces the stored one.
    supportsRefresh: true,
    // Roblox gives third-party apps no address: the person signs in with a placeholder.
    emailMayBeMissing: true,
    getUserInfo: userInfoProfile({
      id: (claims) => readId(claims.sub),
      user: (claims) => ({
        email: null,
        emailVerified: false,
        // nickname is the display name; preferred_username the unique user name.
        name: readOptionalString(claims.nickname) ?? readOptionalString(claims.name) ?? readOptionalString(claims.preferred_username),
        image: readOptionalString(claims.picture),
      }),
    }),
  });
}
