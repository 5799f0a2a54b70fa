import type { JWK } from "jose";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";

/**
 * GET /jwks: the public keys that verify session JWTs and the provider's ID tokens, including a retired key until
 * the last token it signed expires. Caches may keep it five minutes.
 */
export const getJwks = defineEndpoint({
  name: "getJwks",
  method: "GET",
  path: "/jwks",
  session: "none",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, response }): Promise<{ keys: JWK[] }> {
    // Also the OpenID provider's keys: its ID tokens are signed with the same ones.
    if (!ctx.options.jwt.enabled && !ctx.options.oauthProvider.enabled) throw APIError.from(404, "NOT_FOUND");
    // First use: a key exists before anyone asks to verify with it.
    await ctx.sessionJWT.keys.current(ctx);
    response.headers.set("cache-control", "public, max-age=300");
    return ctx.sessionJWT.keys.published(ctx);
  },
});
