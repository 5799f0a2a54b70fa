import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { getUsableTokens, type UsableTokens } from "../../oauth/account-tokens.js";
import { getProviderProfile } from "../../oauth/engine.js";
import type { OAuthProfile } from "../../oauth/types.js";
import { findAccountsByUserId } from "../../store/account-store.js";

const body = z.object({ accountId: z.string().max(512) });

/** Spec §7 POST /account-info: the provider's view of one of the user's linked accounts. */
export const accountInfo = defineEndpoint({
  name: "accountInfo",
  method: "POST",
  path: "/account-info",
  body,
  session: "required",
  impersonation: "allowed",
  rateLimit: "default",
  audit: { none: "reads the provider's profile; may store refreshed tokens" },
  async handler({ ctx, body, session }): Promise<OAuthProfile> {
    const accounts = await findAccountsByUserId(ctx.db, session.user.id);
    const account = accounts.find((a) => a.id === body.accountId || (a.accountId === body.accountId && a.providerId !== "credential"));
    if (!account) throw APIError.from(400, "ACCOUNT_NOT_FOUND");
    const provider = ctx.options.social.providers.get(account.providerId);
    if (!provider) throw APIError.from(500, "PROVIDER_NOT_CONFIGURED", { params: { id: account.providerId } });
    let tokens: UsableTokens;
    try {
      tokens = await getUsableTokens(ctx, provider, account);
    } catch {
      throw APIError.from(400, "FAILED_TO_GET_A_VALID_ACCESS_TOKEN");
    }
    if (!tokens.accessToken) throw APIError.from(400, "ACCESS_TOKEN_NOT_FOUND");
    const profile = await getProviderProfile(ctx, provider, { accessToken: tokens.accessToken, idToken: tokens.idToken });
    if (!profile) throw APIError.from(400, "FAILED_TO_GET_USER_INFO");
    return profile;
  },
});
