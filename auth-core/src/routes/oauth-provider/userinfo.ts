import { isBanActive } from "../../account/ban.js";
import { defineEndpoint } from "../../endpoint.js";
import { answerOAuth, OAuthError, parseScopes } from "../../oauth-provider/oauth-error.js";
import { findLiveToken, userClaims } from "../../oauth-provider/tokens.js";
import { findUserById } from "../../store/user-store.js";

/** GET /oauth2/userinfo (OpenID Connect Core §5.3): the person's claims the access token's scopes release. */
export const oauth2UserInfo = defineEndpoint({
  name: "oauth2UserInfo",
  method: "GET",
  path: "/oauth2/userinfo",
  session: "none",
  feature: "oauthProvider",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, headers }): Promise<Record<string, unknown> | Response> {
    return answerOAuth(async () => {
      const authorization = headers.get("authorization") ?? "";
      const match = /^bearer\s+(\S+)$/i.exec(authorization);
      if (!match) throw new OAuthError(401, "invalid_token", "a Bearer access token is required");
      const row = await findLiveToken(ctx, match[1]!);
      if (!row || row.kind !== "access" || row.userId === null) throw new OAuthError(401, "invalid_token", "the access token is not valid");
      const scopes = parseScopes(row.scopes);
      if (!scopes.includes("openid")) throw new OAuthError(403, "insufficient_scope", "the access token was not granted openid");
      const user = await findUserById(ctx.db, row.userId);
      if (!user || isBanActive(user, ctx.clock.now())) throw new OAuthError(401, "invalid_token", "the access token is not valid");
      return userClaims(user, scopes);
    });
  },
});
