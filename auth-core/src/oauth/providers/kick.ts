import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Kick sign-in (docs/providers.md, the kick row). */
export interface KickProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const USERS = "https://api.kick.com/public/v1/users";

export function createKickProvider(options: KickProviderOptions): OAuthProvider {
  return defineProvider({
    id: "kick",
    name: "Kick",
    options,
    defaultScopes: ["user:read"],
    // Kick requires PKCE (S256).
    sendPKCE: true,
    endpoints: fixedEndpoints({
      authorization: "https://id.kick.com/oauth/authorize",
      token: "https://id.kick.com/oauth/token",
      userInfo: USERS,
    }),
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      // Without a query, /users answers the token's own user as the first of `data`.
      const body = await engine.fetchUserInfo(tokens.accessToken);
      const list = body && Array.isArray(body.data) ? body.data : [];
      const user = readObject(list[0]);
      // user_id is a number.
      const id = readId(user.user_id);
      if (!id) return null;
      return {
        user: {
          id,
          email: readEmail(user.email),
          // Kick gives no verification claim.
          emailVerified: false,
          name: readOptionalString(user.name),
          image: readOptionalString(user.profile_picture),
        },
        data: user,
      };
    },
  });
}
