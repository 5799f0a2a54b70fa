import type { OAuthProvider } from "../types.js";
import { createAppleProvider, type AppleProviderOptions } from "./apple.js";
import { createCognitoProvider, type CognitoProviderOptions } from "./cognito.js";
import { createGitHubProvider, type GitHubProviderOptions } from "./github.js";
import { createGoogleProvider, type GoogleProviderOptions } from "./google.js";
import { createHuggingFaceProvider, type HuggingFaceProviderOptions } from "./huggingface.js";
import { createLineProvider, type LineProviderOptions } from "./line.js";
import { createMicrosoftProvider, type MicrosoftProviderOptions } from "./microsoft.js";
import { createPayPalProvider, type PayPalProviderOptions } from "./paypal.js";
import { createSalesforceProvider, type SalesforceProviderOptions } from "./salesforce.js";
import { createSlackProvider, type SlackProviderOptions } from "./slack.js";
import { createTwitchProvider, type TwitchProviderOptions } from "./twitch.js";

/** Options per provider id (spec §9). Each provider adds one line here and one file beside this one. */
export interface SocialProviderOptions {
  apple?: AppleProviderOptions;
  cognito?: CognitoProviderOptions;
  github?: GitHubProviderOptions;
  google?: GoogleProviderOptions;
  huggingface?: HuggingFaceProviderOptions;
  line?: LineProviderOptions;
  microsoft?: MicrosoftProviderOptions;
  paypal?: PayPalProviderOptions;
  salesforce?: SalesforceProviderOptions;
  slack?: SlackProviderOptions;
  twitch?: TwitchProviderOptions;
}

type ProviderFactories = { [Id in keyof SocialProviderOptions]-?: (options: NonNullable<SocialProviderOptions[Id]>) => OAuthProvider };

const PROVIDER_FACTORIES: ProviderFactories = {
  apple: createAppleProvider,
  cognito: createCognitoProvider,
  github: createGitHubProvider,
  google: createGoogleProvider,
  huggingface: createHuggingFaceProvider,
  line: createLineProvider,
  microsoft: createMicrosoftProvider,
  paypal: createPayPalProvider,
  salesforce: createSalesforceProvider,
  slack: createSlackProvider,
  twitch: createTwitchProvider,
};

/** Every provider id the library supports, in alphabetical order. */
export const SUPPORTED_PROVIDER_IDS = Object.keys(PROVIDER_FACTORIES) as Array<keyof SocialProviderOptions>;

/** The configured providers, by id. */
export function buildProviders(options: SocialProviderOptions): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  for (const id of SUPPORTED_PROVIDER_IDS) {
    const providerOptions = options[id];
    // Each id's factory takes that id's options; the loop's union of ids cannot say so.
    const create = PROVIDER_FACTORIES[id] as (options: NonNullable<SocialProviderOptions[typeof id]>) => OAuthProvider;
    if (providerOptions) providers.set(id, create(providerOptions));
  }
  return providers;
}
