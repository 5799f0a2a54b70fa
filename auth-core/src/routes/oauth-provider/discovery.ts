import { defineEndpoint } from "../../endpoint.js";
import { providerMetadata } from "../../oauth-provider/metadata.js";

/** Relying parties may cache the metadata briefly. */
const METADATA_CACHE = "public, max-age=15, stale-while-revalidate=15";

/** GET /.well-known/openid-configuration below the issuer (OpenID Connect Discovery 1.0 §4). */
export const getOpenIdConfig = defineEndpoint({
  name: "getOpenIdConfig",
  method: "GET",
  path: "/.well-known/openid-configuration",
  session: "none",
  feature: "oauthProvider",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, response }): Promise<Record<string, unknown>> {
    response.headers.set("cache-control", METADATA_CACHE);
    return providerMetadata(ctx);
  },
});

/**
 * GET /.well-known/oauth-authorization-server below the issuer, as better-auth answers it; the
 * server also serves it at RFC 8414's own place, `/.well-known/oauth-authorization-server/api/auth`.
 */
export const getOAuthServerConfig = defineEndpoint({
  name: "getOAuthServerConfig",
  method: "GET",
  path: "/.well-known/oauth-authorization-server",
  session: "none",
  feature: "oauthProvider",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, response }): Promise<Record<string, unknown>> {
    response.headers.set("cache-control", METADATA_CACHE);
    return providerMetadata(ctx);
  },
});
