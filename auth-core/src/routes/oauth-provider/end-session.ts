import { compactVerify, createLocalJWKSet } from "jose";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { redirectResponse } from "../../http/redirect-response.js";
import { hashToken } from "../../crypto/token-hash.js";
import { clientPostLogoutRedirectUris } from "../../oauth-provider/clients.js";
import { SIGNING_ALGORITHMS } from "../../jwt/signing-keys.js";
import { buildClearedSessionCookie } from "../../session/session-cookie.js";
import { findOAuthClient } from "../../store/oauth-provider-store.js";
import { deleteSessionByTokenHash } from "../../store/session-store.js";
import type { AuthContext } from "../../context.js";

/** The claims of an ID token this provider signed (expired ones too: a hint may be old), or null. */
async function readIdTokenHint(ctx: AuthContext, token: string): Promise<{ sub?: string; aud?: string | string[]; iss?: string } | null> {
  try {
    const keys = createLocalJWKSet(await ctx.sessionJWT.keys.published(ctx));
    const { payload } = await compactVerify(token, keys, { algorithms: [...SIGNING_ALGORITHMS] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { sub?: string; aud?: string | string[]; iss?: string };
    return claims.iss === ctx.options.oauthProvider.issuer ? claims : null;
  } catch {
    return null;
  }
}

function errorPage(ctx: AuthContext, error: string): Response {
  const url = new URL(`${ctx.options.basePath}/error`, ctx.options.baseURL);
  url.searchParams.set("error", error);
  return redirectResponse(url.href);
}

/**
 * GET /oauth2/end-session (OpenID Connect RP-Initiated Logout 1.0): for a client registered with
 * enable_end_session, ends the person's session here and sends the browser to a registered
 * post_logout_redirect_uri (exactly), with its state. An unregistered address is never followed.
 */
export const oauth2EndSession = defineEndpoint({
  name: "oauth2EndSession",
  method: "GET",
  path: "/oauth2/end-session",
  query: z.object({
    id_token_hint: z.string().max(8192).optional(),
    client_id: z.string().max(200).optional(),
    post_logout_redirect_uri: z.string().max(2048).optional(),
    state: z.string().max(2048).optional(),
  }),
  session: "optional",
  feature: "oauthProvider",
  impersonation: "allowed",
  rateLimit: "default",
  audit: ["sign-out"],
  async handler({ ctx, query, session, response, audit }): Promise<Response> {
    const hint = query.id_token_hint ? await readIdTokenHint(ctx, query.id_token_hint) : null;
    if (query.id_token_hint && !hint) return errorPage(ctx, "invalid_id_token_hint");
    const audience = hint ? (Array.isArray(hint.aud) ? hint.aud[0] : hint.aud) : undefined;
    const clientId = query.client_id ?? audience;
    const client = clientId ? await findOAuthClient(ctx.db, clientId) : undefined;
    if (!client || client.enableEndSession !== 1 || (audience !== undefined && clientId !== audience)) return errorPage(ctx, "invalid_client");
    const target = query.post_logout_redirect_uri;
    if (target !== undefined && !clientPostLogoutRedirectUris(client).includes(target)) return errorPage(ctx, "invalid_post_logout_redirect_uri");
    // The hint names whose sign-out the client asks for: another person's session is left alone.
    if (session && (!hint || hint.sub === session.user.id)) {
      await audit.change(async (trx, log) => {
        const userId = await deleteSessionByTokenHash(trx, hashToken(session.token));
        if (userId) await log.write({ userId, type: "sign-out", detail: { clientId: client.clientId } });
        else log.unchanged();
      });
      response.headers.append("set-cookie", buildClearedSessionCookie(ctx));
    }
    if (target === undefined) return redirectResponse(new URL("/", ctx.options.baseURL).href);
    const url = new URL(target);
    if (query.state !== undefined) url.searchParams.set("state", query.state);
    return redirectResponse(url.href);
  },
});
