import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readObject, readOptionalString } from "./claims.js";

/** Options of Notion sign-in (docs/providers.md, the notion row). */
export interface NotionProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const ME = "https://api.notion.com/v1/users/me";
/** Every Notion API call names the API version it was written for. */
const NOTION_VERSION = "2022-06-28";

export function createNotionProvider(options: NotionProviderOptions): OAuthProvider {
  return defineProvider({
    id: "notion",
    name: "Notion",
    options,
    // A Notion integration's capabilities are set on the integration; OAuth takes no scopes.
    defaultScopes: [],
    sendPKCE: false,
    // Notion's token endpoint: HTTP Basic and a JSON body, for the code and the refresh alike.
    clientAuthentication: "client_secret_basic",
    tokenRequestFormat: "json",
    endpoints: fixedEndpoints({
      authorization: "https://api.notion.com/v1/oauth/authorize",
      token: "https://api.notion.com/v1/oauth/token",
      userInfo: ME,
    }),
    // The integration acts for the person who signs in (not a whole workspace).
    authorizationParams: () => ({ owner: "user" }),
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      // The token's user is the integration's bot; the person is the bot's owner.
      const bot = await engine.fetchJSON(ME, { accessToken: tokens.accessToken, headers: { "notion-version": NOTION_VERSION } });
      if (!bot || Array.isArray(bot)) return null;
      const owner = readObject(readObject(bot.bot).owner);
      const person = readObject(owner.user);
      const id = owner.type === "user" ? readOptionalString(person.id) : null;
      if (!id) return null;
      return {
        user: {
          id,
          email: readEmail(readObject(person.person).email),
          // Notion says nothing about the address having been confirmed.
          emailVerified: false,
          name: readOptionalString(person.name),
          image: readOptionalString(person.avatar_url),
        },
        data: person,
      };
    },
  });
}
