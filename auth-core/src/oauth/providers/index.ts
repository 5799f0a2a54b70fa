import type { OAuthProvider } from "../types.js";
import { createGitHubProvider, type GitHubProviderOptions } from "./github.js";
import { createGoogleProvider, type GoogleProviderOptions } from "./google.js";

/** Options per provider id (spec §9). Each provider adds one line here and one file beside this one. */
export interface SocialProviderOptions {
  github?: GitHubProviderOptions;
  google?: GoogleProviderOptions;
}

type ProviderFactories = { [Id in keyof SocialProviderOptions]-?: (options: NonNullable<SocialProviderOptions[Id]>) => OAuthProvider };

const PROVIDER_FACTORIES: ProviderFactories = {
  github: createGitHubProvider,
  google: createGoogleProvider,
};

/** Every provider id the library supports, in alphabetical order. */
export const SUPPORTED_PROVIDER_IDS = Object.keys(PROVIDER_FACTORIES) as Array<keyof SocialProviderOptions>;

/** The configured providers, by id. */
export function buildProviders(options: SocialProviderOptions): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  for (const id of SUPPORTED_PROVIDER_IDS) {
    const providerOptions = options[id];
    if (providerOptions) providers.set(id, PROVIDER_FACTORIES[id](providerOptions));
  }
  return providers;
}
