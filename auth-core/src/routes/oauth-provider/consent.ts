import { z } from "zod";
import { generateId } from "../../deps/random.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { authorizerOf, errorAtClient, issueCode, validateAuthorization } from "../../oauth-provider/authorize.js";
import { parseScopes } from "../../oauth-provider/oauth-error.js";
import { verifyAuthorizationQuery } from "../../oauth-provider/signed-query.js";
import { saveConsent } from "../../store/oauth-provider-store.js";

/**
 * POST /oauth2/consent { accept, oauth_query, scope? } (better-auth's wire): the person's answer
 * on the consent page. Yes: the approval of those scopes (all requested, or the subset given) is
 * remembered and the answer's url is the client's redirect URI with a code; no: with
 * error=access_denied. The query is the one the authorize endpoint signed; it is checked again.
 */
export const oauth2Consent = defineEndpoint({
  name: "oauth2Consent",
  method: "POST",
  path: "/oauth2/consent",
  body: z.object({ accept: z.boolean(), oauth_query: z.string().max(8192), scope: z.string().max(1000).optional() }),
  session: "required",
  feature: "oauthProvider",
  rateLimit: "default",
  audit: ["oauth-consent-granted", "oauth-consent-denied"],
  async handler({ ctx, body, principal, audit }): Promise<{ redirect: true; url: string }> {
    const who = authorizerOf(principal);
    if (!who) throw APIError.from(401, "UNAUTHORIZED");
    const params = verifyAuthorizationQuery(ctx.secret, body.oauth_query, ctx.clock.now());
    if (!params) throw APIError.from(400, "INVALID_OAUTH_QUERY");
    const request = await validateAuthorization(ctx, params);
    if ("url" in request) return { redirect: true, url: request.url };
    const clientId = request.client.clientId;
    if (!body.accept) {
      await audit.record({ userId: who.user.id, type: "oauth-consent-denied", detail: { clientId } });
      return { redirect: true, url: errorAtClient(ctx, request.redirectUri, request.state, "access_denied", "the person did not approve the request").url };
    }
    const granted = body.scope === undefined ? request.scopes : parseScopes(body.scope);
    if (granted.some((scope) => !request.scopes.includes(scope))) throw APIError.from(400, "INVALID_OAUTH_QUERY");
    await audit.change(async (trx, log) => {
      const at = ctx.clock.now().toISOString();
      await saveConsent(trx, { id: generateId(ctx.random), userId: who.user.id, clientId, scopes: granted.join(" "), at });
      await log.write({ userId: who.user.id, type: "oauth-consent-granted", detail: { clientId, scopes: granted.join(" ") } });
    });
    return { redirect: true, url: (await issueCode(ctx, request, who, granted)).url };
  },
});
