import { defineProvider, fixedEndpoints, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readId, readOptionalString } from "./claims.js";

/** Options of Reddit sign-in (docs/providers.md, the reddit row). */
export interface RedditProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** "permanent" yields a refresh token; Reddit's default, "temporary", does not. */
  duration?: "permanent" | "temporary";
  /** Reddit refuses (or throttles) requests without a descriptive User-Agent of the app's own. */
  userAgent?: string;
}

const DEFAULT_USER_AGENT = "gatehouse-auth/1.0";
const ME = "https://oauth.reddit.com/api/v1/me";

/** Reddit's avatar URL carries HTML-escaped resizing parameters; the image is the URL without them. */
function readImage(value: unknown): string | null {
  const url = readOptionalString(value);
  return url ? (url.split("?")[0] ?? null) : null;
}

export function createRedditProvider(options: RedditProviderOptions): OAuthProvider {
  const userAgent = { "user-agent": options.userAgent ?? DEFAULT_USER_AGENT };
  return defineProvider({
    id: "reddit",
    name: "Reddit",
    options,
    defaultScopes: ["identity"],
    sendPKCE: false,
    // Reddit takes the client's credentials only as HTTP Basic, at the code exchange and the refresh.
    clientAuthentication: "client_secret_basic",
    tokenHeaders: userAgent,
    endpoints: fixedEndpoints({
      authorization: "https://www.reddit.com/api/v1/authorize",
      token: "https://www.reddit.com/api/v1/access_token",
      userInfo: ME,
    }),
    authorizationParams: (): Record<string, string> => (options.duration ? { duration: options.duration } : {}),
    // Refresh tokens come only with duration=permanent.
    supportsRefresh: true,
    // Reddit gives no address at all: the person signs in with a placeholder.
    emailMayBeMissing: true,
    async getUserInfo({ tokens, engine }) {
      if (!tokens.accessToken) return null;
      const me = await engine.fetchJSON(ME, { accessToken: tokens.accessToken, headers: userAgent });
      if (!me || Array.isArray(me)) return null;
      const id = readId(me.id);
      if (!id) return null;
      return {
        // has_verified_email is about an address Reddit never shows, so nothing here is verified.
        user: { id, email: null, emailVerified: false, name: readOptionalString(me.name), image: readImage(me.icon_img) },
        data: me,
      };
    },
  });
}
