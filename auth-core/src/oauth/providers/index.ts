import type { OAuthProvider } from "../types.js";
import { createGoogleProvider, type GoogleProviderOptions } from "./google.js";

/** Options per provider id. Each later provider adds one line here and one file beside this one. */
export interface SocialProviderOptions {
  google?: GoogleProviderOptions;
}

type ProviderFactories = { [Id in keyof SocialProviderOptions]-?: (options: NonNullable<SocialProviderOptions[Id]>) => OAuthProvider };

const PROVIDER_FACTORIES: ProviderFactories = {
  google: createGoogleProvider,
};

/** The configured providers, by id. */
export function buildProviders(options: SocialProviderOptions): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  for (const id of Object.keys(PROVIDER_FACTORIES) as Array<keyof SocialProviderOptions>) {
    const providerOptions = options[id];
    if (providerOptions) providers.set(id, PROVIDER_FACTORIES[id](providerOptions));
  }
  return providers;
}
