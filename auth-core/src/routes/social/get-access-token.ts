import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { getUsableTokens } from "../../oauth/account-tokens.js";
import { findTokenAccount, resolveTokenUserId, tokenAccountBody, type WireAccessToken } from "./token-account.js";

/**
 * Spec §7 POST /get-access-token: the account's access token, refreshed first when it expires
 * within 5 seconds (spec §9) and a refresh token is stored.
 */
export const getAccessToken = defineEndpoint({
  name: "getAccessToken",
  method: "POST",
  path: "/get-access-token",
  body: tokenAccountBody,
  session: "optional",
  rateLimit: "default",
  audit: { none: "may store the provider's refreshed tokens; the link itself is unchanged" },
  async handler({ ctx, body, request, session }): Promise<WireAccessToken> {
    const userId = resolveTokenUserId(request, session, body);
    const provider = ctx.options.social.providers.get(body.providerId);
    if (!provider) throw APIError.from(400, "PROVIDER_NOT_SUPPORTED", { params: { id: body.providerId } });
    const account = await findTokenAccount(ctx, userId, body);
    try {
      const tokens = await getUsableTokens(ctx, provider, account);
      return {
        accessToken: tokens.accessToken ?? undefined,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt ?? undefined,
        scopes: tokens.scopes,
        idToken: tokens.idToken ?? undefined,
      };
    } catch (error) {
      ctx.logger.warn("access token refresh failed", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
      throw APIError.from(400, "FAILED_TO_GET_A_VALID_ACCESS_TOKEN");
    }
  },
});
