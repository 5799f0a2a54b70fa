import { z } from "zod";
import type { ProviderEndpoints, ProviderRuntime } from "./types.js";

const discoveryDocument = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string().optional(),
  jwks_uri: z.string(),
});

interface CachedDiscovery {
  endpoints: ProviderEndpoints;
  fetchedAt: number;
}

/** A discovery document is re-read after an hour, so a provider's endpoint moves are picked up. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export type DiscoveryCache = (runtime: ProviderRuntime, issuer: string) => Promise<ProviderEndpoints>;

/** OpenID Connect Discovery 1.0 §4: `{issuer}/.well-known/openid-configuration`, cached per auth instance. */
export function createDiscoveryCache(): DiscoveryCache {
  const cache = new Map<string, CachedDiscovery>();
  return async (runtime, issuer) => {
    const now = runtime.clock.now().getTime();
    const cached = cache.get(issuer);
    if (cached && now - cached.fetchedAt < DISCOVERY_TTL_MS) return cached.endpoints;
    const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
    const response = await runtime.fetch(url, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`discovery at ${url} answered ${response.status}`);
    const document = discoveryDocument.parse(await response.json());
    // §4.3: the issuer in the document must be the one we asked.
    if (document.issuer.replace(/\/+$/, "") !== issuer.replace(/\/+$/, "")) throw new Error(`discovery issuer mismatch at ${url}`);
    const endpoints: ProviderEndpoints = {
      authorization: document.authorization_endpoint,
      token: document.token_endpoint,
      userInfo: document.userinfo_endpoint ?? null,
      jwks: document.jwks_uri,
      issuers: [document.issuer],
    };
    cache.set(issuer, { endpoints, fetchedAt: now });
    return endpoints;
  };
}
