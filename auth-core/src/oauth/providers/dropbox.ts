import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Dropbox sign-in (docs/providers.md, the dropbox row). */
export interface DropboxProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /**
   * Dropbox's token_access_type. Default "offline": a refresh token comes with the short-lived
   * access token. "online" gives the access token alone (no refresh).
   */
  accessType?: "offline" | "online" | "legacy";
}

const CURRENT_ACCOUNT = "https://api.dropboxapi.com/2/users/get_current_account";

export function createDropboxProvider(options: DropboxProviderOptions): OAuthProvider {
  const accessType = options.accessType ?? "offline";
  return defineProvider({
    id: "dropbox",
    name: "Dropbox",
    options,
    defaultScopes: ["account_info.read"],
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: "https://www.dropbox.com/oauth2/authorize",
      token: "https://api.dropboxapi.com/oauth2/token",
      userInfo: CURRENT_ACCOUNT,
    }),
    authorizationParams() {
      return { token_access_type: accessType };
    },
    // Refresh tokens come only with token_access_type=offline.
    supportsRefresh: accessType === "offline",
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      // An RPC endpoint without arguments: POST with no body at all.
      const profile = await engine.fetchJSON(CURRENT_ACCOUNT, { method: "POST", accessToken: tokens.accessToken });
      if (!profile || Array.isArray(profile)) return null;
      const id = readId(profile.account_id);
      if (!id) return null;
      return {
        user: {
          id,
          email: readEmail(profile.email),
          emailVerified: profile.email_verified === true,
          name: readOptionalString(readObject(profile.name).display_name),
          image: readOptionalString(profile.profile_photo_url),
        },
        data: profile,
      };
    },
  });
}
