import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readObject, readOptionalString } from "./claims.js";

/**
 * Options of TikTok sign-in (docs/providers.md, the tiktok row). TikTok calls its client id
 * the client key; better-auth's users write `clientKey` (and `clientId` is accepted instead).
 */
export interface TikTokProviderOptions extends Omit<BaseProviderOptions, "clientId"> {
  clientKey?: string;
  clientId?: string;
  clientSecret: string;
}

/** The profile fields asked for; `username` needs user.info.profile, the others user.info.basic. */
const USER_FIELDS = "open_id,avatar_large_url,display_name,username";
const USER_INFO = "https://open.tiktokapis.com/v2/user/info/";

export function createTikTokProvider(options: TikTokProviderOptions): OAuthProvider {
  const clientKey = options.clientKey ?? options.clientId;
  if (!clientKey) throw new TypeError("TikTok sign-in needs clientKey");
  return defineProvider({
    id: "tiktok",
    name: "TikTok",
    options: { ...options, clientId: clientKey },
    defaultScopes: ["user.info.profile"],
    scopeSeparator: ",",
    clientIdParameter: "client_key",
    // The web Login Kit takes no PKCE (better-auth sends none).
    sendPKCE: false,
    endpoints: fixedEndpoints({
      authorization: "https://www.tiktok.com/v2/auth/authorize/",
      token: "https://open.tiktokapis.com/v2/oauth/token/",
      userInfo: USER_INFO,
    }),
    // TikTok names the refresh token's lifetime refresh_expires_in.
    readTokenResponse: (body) =>
      body.refresh_expires_in !== undefined && body.refresh_token_expires_in === undefined
        ? { ...body, refresh_token_expires_in: body.refresh_expires_in }
        : body,
    supportsRefresh: true,
    // TikTok gives no address at all: the person signs in with a placeholder.
    emailMayBeMissing: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      const answer = await engine.fetchJSON(`${USER_INFO}?fields=${USER_FIELDS}`, { accessToken: tokens.accessToken });
      if (!answer || Array.isArray(answer)) return null;
      // {data: {user: {...}}, error: {code: "ok", message, log_id}}: any other code is a refusal.
      const error = readObject(answer.error);
      if (error.code !== undefined && error.code !== "ok") return null;
      const user = readObject(readObject(answer.data).user);
      const id = readOptionalString(user.open_id);
      if (!id) return null;
      return {
        user: {
          id,
          email: null,
          emailVerified: false,
          name: readOptionalString(user.display_name) ?? readOptionalString(user.username),
          image: readOptionalString(user.avatar_large_url),
        },
        data: user,
      };
    },
  });
}
