import type { JWK } from "jose";
import { defineEndpoint } from "../../endpoint.js";

/**
 * GET /jwks: the public keys that verify session JWTs and the provider's ID tokens, including a retired key until
 * the last token it signed expires. Caches may keep it five minutes.
 */
export const getJwks = defineEndpoint({
  name: "getJwks",
  method: "GET",
  path: "/jwks",
  session: "none",
  // Session JWTs, and the OpenID provider's ID tokens: both are signed with these keys.
  feature: "jwks",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, response }): Promise<{ keys: JWK[] }> {
    // First use: a key exists before anyone asks to verify with it.
    await ctx.sessionJWT.keys.current(ctx);
    response.headers.set("cache-control", "public, max-age=300");
    return ctx.sessionJWT.keys.published(ctx);
  },
});
