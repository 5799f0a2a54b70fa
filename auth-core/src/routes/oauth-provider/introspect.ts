import { defineEndpoint } from "../../endpoint.js";
import { oauthClientOf } from "../../gate/principal.js";
import { answerOAuth } from "../../oauth-provider/oauth-error.js";
import { findLiveToken } from "../../oauth-provider/tokens.js";
import { oauthForm } from "./token.js";

export type Introspection = { active: false } | { active: true; [claim: string]: unknown };

/**
 * POST /oauth2/introspect (RFC 7662): an authenticated client learns about a token issued to
 * it; another client's token, or a revoked, expired or unknown one, is `{ active: false }`.
 */
export const oauth2Introspect = defineEndpoint({
  name: "oauth2Introspect",
  method: "POST",
  path: "/oauth2/introspect",
  body: oauthForm,
  session: "none",
  // The gate authenticates the client (client_secret_basic or _post) before the form is read.
  oauthClient: "confidential",
  feature: "oauthProvider",
  acceptsCrossSitePost: true,
  rateLimit: "default",
  audit: { none: "a POST that only reads: RFC 7662 answers what a token is and changes nothing" },
  async handler({ ctx, body, principal }): Promise<Introspection | Response> {
    return answerOAuth(async (): Promise<Introspection> => {
      const client = oauthClientOf(principal);
      const row = body.token ? await findLiveToken(ctx, body.token) : null;
      if (!row || row.clientId !== client.clientId) return { active: false };
      return {
        active: true,
        client_id: row.clientId,
        sub: row.userId ?? row.clientId,
        scope: row.scopes,
        token_type: row.kind === "access" ? "Bearer" : "refresh_token",
        exp: Math.floor(Date.parse(row.expiresAt) / 1000),
        iat: Math.floor(Date.parse(row.createdAt) / 1000),
        iss: ctx.options.oauthProvider.issuer,
        aud: row.clientId,
        ...(row.sessionId ? { sid: row.sessionId } : {}),
      };
    });
  },
});
