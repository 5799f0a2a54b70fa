import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { refreshAccountTokens } from "../../oauth/account-tokens.js";
import { findTokenAccount, resolveTokenUserId, tokenAccountBody } from "./token-account.js";

export interface WireRefreshedTokens {
  accessToken: string | undefined;
  refreshToken: string | undefined;
  idToken: string | undefined;
  tokenType: string | undefined;
  accessTokenExpiresAt: string | undefined;
  refreshTokenExpiresAt: string | undefined;
  scopes: string[];
}

/** Spec §7 POST /refresh-token: refreshes the account's tokens now, whatever their expiry. */
export const refreshToken = defineEndpoint({
  name: "refreshToken",
  method: "POST",
  path: "/refresh-token",
  body: tokenAccountBody,
  session: "optional",
  rateLimit: "default",
  audit: { none: "stores the provider's new tokens; the link itself is unchanged" },
  async handler({ ctx, body, request, session }): Promise<WireRefreshedTokens> {
    const userId = resolveTokenUserId(request, session, body);
    const account = await findTokenAccount(ctx, userId, body);
    const provider = ctx.options.social.providers.get(body.providerId);
    if (!provider) throw APIError.from(400, "PROVIDER_NOT_FOUND", { wording: "Provider {id} not found.", params: { id: body.providerId } });
    if (!provider.supportsRefresh) throw APIError.from(400, "PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING", { params: { id: body.providerId } });
    try {
      const tokens = await refreshAccountTokens(ctx, provider, account);
      return {
        accessToken: tokens.accessToken ?? undefined,
        refreshToken: tokens.refreshToken ?? undefined,
        idToken: tokens.idToken ?? undefined,
        tokenType: tokens.tokenType ?? undefined,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt?.toISOString(),
        refreshTokenExpiresAt: tokens.refreshTokenExpiresAt?.toISOString(),
        scopes: tokens.scopes,
      };
    } catch (error) {
      ctx.logger.warn("token refresh failed", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
      throw APIError.from(400, "FAILED_TO_REFRESH_ACCESS_TOKEN");
    }
  },
});
