import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readObject, readOptionalString } from "./claims.js";

/** Options of Linear sign-in (docs/providers.md, the linear row). */
export interface LinearProviderOptions extends BaseProviderOptions {
  clientSecret: string;
}

const GRAPHQL = "https://api.linear.app/graphql";
const VIEWER_QUERY = "query { viewer { id name email avatarUrl active createdAt updatedAt } }";

export function createLinearProvider(options: LinearProviderOptions): OAuthProvider {
  return defineProvider({
    id: "linear",
    name: "Linear",
    options,
    defaultScopes: ["read"],
    // Linear's docs: scopes are a comma-separated list.
    scopeSeparator: ",",
    endpoints: fixedEndpoints({
      authorization: "https://linear.app/oauth/authorize",
      token: "https://api.linear.app/oauth/token",
    }),
    // Every Linear OAuth app has had refresh tokens since 2026-04-01.
    supportsRefresh: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      // The profile is GraphQL's `viewer`, asked for by POST.
      const body = await engine.fetchJSON(GRAPHQL, { method: "POST", accessToken: tokens.accessToken, body: { query: VIEWER_QUERY } });
      if (!body || Array.isArray(body)) return null;
      const viewer = readObject(readObject(body.data).viewer);
      const id = readId(viewer.id);
      if (!id) return null;
      return {
        user: {
          id,
          email: readEmail(viewer.email),
          // Linear does not say whether the address was verified.
          emailVerified: false,
          name: readOptionalString(viewer.name),
          image: readOptionalString(viewer.avatarUrl),
        },
        data: viewer,
      };
    },
  });
}
