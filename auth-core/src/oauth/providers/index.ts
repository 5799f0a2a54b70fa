import type { OAuthProvider } from "../types.js";
import { createAppleProvider, type AppleProviderOptions } from "./apple.js";
import { createAtlassianProvider, type AtlassianProviderOptions } from "./atlassian.js";
import { createCognitoProvider, type CognitoProviderOptions } from "./cognito.js";
import { createDiscordProvider, type DiscordProviderOptions } from "./discord.js";
import { createDropboxProvider, type DropboxProviderOptions } from "./dropbox.js";
import { createFacebookProvider, type FacebookProviderOptions } from "./facebook.js";
import { createFigmaProvider, type FigmaProviderOptions } from "./figma.js";
import { createGitHubProvider, type GitHubProviderOptions } from "./github.js";
import { createGoogleProvider, type GoogleProviderOptions } from "./google.js";
import { createHuggingFaceProvider, type HuggingFaceProviderOptions } from "./huggingface.js";
import { createKickProvider, type KickProviderOptions } from "./kick.js";
import { createLineProvider, type LineProviderOptions } from "./line.js";
import { createLinearProvider, type LinearProviderOptions } from "./linear.js";
import { createMicrosoftProvider, type MicrosoftProviderOptions } from "./microsoft.js";
import { createPayPalProvider, type PayPalProviderOptions } from "./paypal.js";
import { createSalesforceProvider, type SalesforceProviderOptions } from "./salesforce.js";
import { createSlackProvider, type SlackProviderOptions } from "./slack.js";
import { createSpotifyProvider, type SpotifyProviderOptions } from "./spotify.js";
import { createTwitchProvider, type TwitchProviderOptions } from "./twitch.js";
import { createTwitterProvider, type TwitterProviderOptions } from "./twitter.js";

/** Options per provider id (spec §9). Each provider adds one line here and one file beside this one. */
export interface SocialProviderOptions {
  apple?: AppleProviderOptions;
  atlassian?: AtlassianProviderOptions;
  cognito?: CognitoProviderOptions;
  discord?: DiscordProviderOptions;
  dropbox?: DropboxProviderOptions;
  facebook?: FacebookProviderOptions;
  figma?: FigmaProviderOptions;
  github?: GitHubProviderOptions;
  google?: GoogleProviderOptions;
  huggingface?: HuggingFaceProviderOptions;
  kick?: KickProviderOptions;
  line?: LineProviderOptions;
  linear?: LinearProviderOptions;
  microsoft?: MicrosoftProviderOptions;
  paypal?: PayPalProviderOptions;
  salesforce?: SalesforceProviderOptions;
  slack?: SlackProviderOptions;
  spotify?: SpotifyProviderOptions;
  twitch?: TwitchProviderOptions;
  twitter?: TwitterProviderOptions;
}

/** Each provider's options, present. */
type ProviderOptionsById = { [Id in keyof SocialProviderOptions]-?: NonNullable<SocialProviderOptions[Id]> };
type ProviderFactories = { [Id in keyof ProviderOptionsById]: (options: ProviderOptionsById[Id]) => OAuthProvider };

const PROVIDER_FACTORIES: ProviderFactories = {
  apple: createAppleProvider,
  atlassian: createAtlassianProvider,
  cognito: createCognitoProvider,
  discord: createDiscordProvider,
  dropbox: createDropboxProvider,
  facebook: createFacebookProvider,
  figma: createFigmaProvider,
  github: createGitHubProvider,
  google: createGoogleProvider,
  huggingface: createHuggingFaceProvider,
  kick: createKickProvider,
  line: createLineProvider,
  linear: createLinearProvider,
  microsoft: createMicrosoftProvider,
  paypal: createPayPalProvider,
  salesforce: createSalesforceProvider,
  slack: createSlackProvider,
  spotify: createSpotifyProvider,
  twitch: createTwitchProvider,
  twitter: createTwitterProvider,
};

/** Every provider id the library supports, in alphabetical order. */
export const SUPPORTED_PROVIDER_IDS = Object.keys(PROVIDER_FACTORIES) as Array<keyof SocialProviderOptions>;

/**
 * One provider from its own options. Generic over the id, so that TypeScript pairs each factory
 * with its own options type instead of requiring every provider's options to fit every factory
 * (two providers may give one option name different types, e.g. `accessType`).
 */
function buildProvider<Id extends keyof ProviderOptionsById>(id: Id, options: ProviderOptionsById[Id]): OAuthProvider {
  const factory: ProviderFactories[Id] = PROVIDER_FACTORIES[id];
  return factory(options);
}

/** The configured providers, by id. */
export function buildProviders(options: SocialProviderOptions): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  for (const id of SUPPORTED_PROVIDER_IDS) {
    const providerOptions = options[id];
    if (providerOptions) providers.set(id, buildProvider(id, providerOptions));
  }
  return providers;
}
