import type { OAuthProvider, SocialProviderOptions } from "@gatehouse/auth-core";
import { isLoopbackHTTPOrigin } from "../dev-idp/loopback.js";
import { createStandInProvider } from "../dev-idp/stand-in-provider.js";
import type { ServerConfig } from "../env.js";
import { providerRow, type ProviderId } from "./provider-table.js";

/** What createAuth is given: the environment's providers, and the development stand-ins. */
export interface ServerProviders {
  socialProviders: SocialProviderOptions;
  additionalProviders: OAuthProvider[];
}

/** The development identity provider as the stand-ins see it. */
export interface DevIdentityClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The ids the development identity provider stands in for: those of DEV_IDP_PROVIDERS, and
 * Google when it has no credentials (so a fresh `npm start` can sign in). None in production,
 * and none unless BASE_URL is http on the loopback interface (npm start's default,
 * http://localhost:3000): a public deployment that forgot NODE_ENV=production runs as
 * development, and must not let anyone sign in as anyone (env.ts says why in a warning).
 */
export function devIdpStandInIds(config: Pick<ServerConfig, "production" | "baseURL" | "socialProviders" | "devIdpProviders">): ProviderId[] {
  if (config.production || !isLoopbackHTTPOrigin(config.baseURL)) return [];
  const ids = new Set<ProviderId>(config.devIdpProviders);
  if (!config.socialProviders.some((p) => p.id === "google")) ids.add("google");
  return [...ids].sort((a, b) => (a === "google" ? -1 : b === "google" ? 1 : a.localeCompare(b)));
}

export function standInFor(id: ProviderId, baseURL: string): { name: string; redirectURI: string } {
  return { name: providerRow(id).name, redirectURI: `${baseURL}/api/auth/callback/${id}` };
}

/**
 * The environment's providers, with the stand-ins replacing their ids. Google's stand-in is the
 * real Google provider pointed at the development issuer (as before); any other id is a plain
 * OpenID provider under that id and name.
 */
export function resolveServerProviders(
  config: Pick<ServerConfig, "socialProviders">,
  devIdp: { client: DevIdentityClient; ids: ProviderId[] } | null,
): ServerProviders {
  const standIns = new Set<string>(devIdp?.ids ?? []);
  const options: Record<string, unknown> = {};
  for (const provider of config.socialProviders) if (!standIns.has(provider.id)) options[provider.id] = provider.options;
  const additionalProviders: OAuthProvider[] = [];
  for (const id of devIdp?.ids ?? []) {
    const { client } = devIdp!;
    if (id === "google") options.google = { clientId: client.clientId, clientSecret: client.clientSecret, issuer: client.issuer };
    else additionalProviders.push(createStandInProvider({ id, name: providerRow(id).name, ...client }));
  }
  // Each row's variables were validated against its schema, and its option names are auth-core's
  // (server/test/provider-env.test.ts builds every row through createAuth).
  return { socialProviders: options as SocialProviderOptions, additionalProviders };
}
