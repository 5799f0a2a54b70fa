import { defineEndpoint } from "../../endpoint.js";
import { oauthClientOf } from "../../gate/principal.js";
import { hashToken } from "../../crypto/token-hash.js";
import { answerOAuth } from "../../oauth-provider/oauth-error.js";
import { findOAuthToken, revokeOAuthToken, revokeOAuthTokenFamily } from "../../store/oauth-provider-store.js";
import { oauthForm } from "./token.js";

/**
 * POST /oauth2/revoke (RFC 7009): the client's own token ends at once. A refresh token takes
 * the access tokens of its grant with it (§2.1). A token it never issued, or another client's, is
 * answered 200 as well and left alone (§2.2).
 */
export const oauth2Revoke = defineEndpoint({
  name: "oauth2Revoke",
  method: "POST",
  path: "/oauth2/revoke",
  body: oauthForm,
  session: "none",
  // The gate authenticates the client (client_secret_basic or _post) before the form is read.
  oauthClient: "confidential",
  feature: "oauthProvider",
  acceptsCrossSitePost: true,
  rateLimit: "default",
  audit: ["oauth-token-revoked"],
  async handler({ ctx, body, principal, audit }): Promise<Record<string, never> | Response> {
    return answerOAuth(async () => {
      const client = oauthClientOf(principal);
      const row = body.token ? await findOAuthToken(ctx.db, hashToken(body.token)) : undefined;
      if (!row || row.clientId !== client.clientId) return {};
      await audit.change(async (trx, log) => {
        const at = ctx.clock.now().toISOString();
        const revoked = await revokeOAuthToken(trx, row.id, at);
        const family = row.kind === "refresh" && row.familyId ? await revokeOAuthTokenFamily(trx, row.familyId, at) : 0;
        if (!revoked && family === 0) return log.unchanged();
        await log.write({ userId: row.userId, type: "oauth-token-revoked", detail: { clientId: client.clientId, kind: row.kind } });
      });
      return {};
    });
  },
});
