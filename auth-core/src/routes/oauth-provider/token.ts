import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { oauthClientOf } from "../../gate/principal.js";
import { answerOAuth, OAuthError } from "../../oauth-provider/oauth-error.js";
import { clientCredentials, exchangeCode, RefusedGrant, refreshTokens, type TokenAnswer } from "../../oauth-provider/tokens.js";

/** An OAuth form body: strings only (a repeated parameter is refused by the schema). */
export const oauthForm = z.record(z.string(), z.string().max(8192));

/**
 * POST /oauth2/token (form-encoded; OAuth 2.1 §3.2): authorization_code, refresh_token and
 * client_credentials. Errors are RFC 6749 §5.2's `{ error, error_description }`; a refused grant
 * is an audit row.
 */
export const oauth2Token = defineEndpoint({
  name: "oauth2Token",
  method: "POST",
  path: "/oauth2/token",
  body: oauthForm,
  session: "none",
  // The gate authenticates the client (client_secret_basic or _post) before the form is read.
  oauthClient: "confidential-or-public",
  feature: "oauthProvider",
  // A relying party's server calls it without a browser's Origin; it takes form bodies.
  acceptsCrossSitePost: true,
  rateLimit: "default",
  audit: ["oauth-token-refused"],
  async handler({ ctx, body, principal, audit }): Promise<TokenAnswer | Response> {
    return answerOAuth(async () => {
      const grant = body.grant_type;
      if (!grant) throw new OAuthError(400, "invalid_request", "grant_type is required");
      // A public client (named by its client_id only) is refused client_credentials by the grant, with an audit row.
      const client = oauthClientOf(principal);
      try {
        if (grant === "authorization_code") return await exchangeCode(ctx, client, body);
        if (grant === "refresh_token") return await refreshTokens(ctx, client, body);
        if (grant === "client_credentials") return await clientCredentials(ctx, client, body);
      } catch (error) {
        if (error instanceof RefusedGrant) {
          const { reason, userId, familyRevoked } = error.refusal;
          await audit.record({
            userId,
            type: "oauth-token-refused",
            outcome: "failure",
            detail: { clientId: client.clientId, grant, reason, tokensRevoked: familyRevoked ?? false },
          });
        }
        throw error;
      }
      throw new OAuthError(400, "unsupported_grant_type", `grant_type ${grant} is not supported`);
    });
  },
});
