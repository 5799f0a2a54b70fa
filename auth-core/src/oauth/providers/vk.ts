import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { joinName, readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of VK ID sign-in (docs/providers.md, the vk row). */
export interface VKProviderOptions extends BaseProviderOptions {
  /** VK ID's token exchange works with PKCE alone; a configured secret is sent too. */
  clientSecret?: string;
  /** The colour scheme of VK's consent screen. */
  scheme?: "light" | "dark";
}

const USER_INFO = "https://id.vk.com/oauth2/user_info";

export function createVKProvider(options: VKProviderOptions): OAuthProvider {
  return defineProvider({
    id: "vk",
    name: "VK",
    options,
    defaultScopes: ["email", "phone"],
    // VK ID (OAuth 2.1) refuses a code exchange without the verifier.
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: "https://id.vk.com/authorize",
      token: "https://id.vk.com/oauth2/auth",
      userInfo: USER_INFO,
    }),
    authorizationParams: (): Record<string, string> => (options.scheme ? { scheme: options.scheme } : {}),
    // VK names the device the person signed in on in the callback, and wants it (and the state)
    // again with the code.
    tokenParams({ callback, state }) {
      const params: Record<string, string> = {};
      if (callback.deviceId) params.device_id = callback.deviceId;
      if (state) params.state = state;
      return params;
    },
    // VK ID refreshes only with the device_id of the sign-in, which is not kept with the account:
    // a refresh without it is refused, so none is attempted.
    supportsRefresh: false,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      // A form POST, the token in the body (VK's documented way; no Authorization header).
      const answer = await engine.fetchJSON(USER_INFO, { body: new URLSearchParams({ access_token: tokens.accessToken, client_id: options.clientId }) });
      if (!answer || Array.isArray(answer)) return null;
      const user = readObject(answer.user);
      const id = readId(user.user_id);
      if (!id) return null;
      return {
        user: {
          id,
          email: readEmail(user.email),
          // VK says nothing about the address having been confirmed.
          emailVerified: false,
          name: joinName(user.first_name, user.last_name),
          image: readOptionalString(user.avatar),
        },
        data: user,
      };
    },
  });
}
