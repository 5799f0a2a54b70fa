import type { OAuthProvider } from "../types.js";
import { createAppleProvider, type AppleProviderOptions } from "./apple.js";
import { createAtlassianProvider, type AtlassianProviderOptions } from "./atlassian.js";
import { createCognitoProvider, type CognitoProviderOptions } from "./cognito.js";
import { createDiscordProvider, type DiscordProviderOptions } from "./discord.js";
import { createDropboxProvider, type DropboxProviderOptions } from "./dropbox.js";
import { createFacebookProvider, type FacebookProviderOptions } from "./facebook.js";
import { createFigmaProvider, type FigmaProviderOptions } from "./figma.js";
import { createGitHubProvider, type GitHubProviderOptions } from "./github.js";
import { createGitLabProvider, type GitLabProviderOptions } from "./gitlab.js";
import { createGoogleProvider, type GoogleProviderOptions } from "./google.js";
import { createHuggingFaceProvider, type HuggingFaceProviderOptions } from "./huggingface.js";
import { createKakaoProvider, type KakaoProviderOptions } from "./kakao.js";
import { createKickProvider, type KickProviderOptions } from "./kick.js";
import { createLineProvider, type LineProviderOptions } from "./line.js";
import { createLinearProvider, type LinearProviderOptions } from "./linear.js";
import { createLinkedInProvider, type LinkedInProviderOptions } from "./linkedin.js";
import { createMicrosoftProvider, type MicrosoftProviderOptions } from "./microsoft.js";
import { createNaverProvider, type NaverProviderOptions } from "./naver.js";
import { createNotionProvider, type NotionProviderOptions } from "./notion.js";
import { createPayPalProvider, type PayPalProviderOptions } from "./paypal.js";
import { createRedditProvider, type RedditProviderOptions } from "./reddit.js";
import { createRobloxProvider, type RobloxProviderOptions } from "./roblox.js";
import { createSalesforceProvider, type SalesforceProviderOptions } from "./salesforce.js";
import { createSlackProvider, type SlackProviderOptions } from "./slack.js";
import { createSpotifyProvider, type SpotifyProviderOptions } from "./spotify.js";
import { createTikTokProvider, type TikTokProviderOptions } from "./tiktok.js";
import { createTwitchProvider, type TwitchProviderOptions } from "./twitch.js";
import { createTwitterProvider, type TwitterProviderOptions } from "./twitter.js";
import { createVKProvider, type VKProviderOptions } from "./vk.js";
import { createZoomProvider, type ZoomProviderOptions } from "./zoom.js";

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
  gitlab?: GitLabProviderOptions;
  google?: GoogleProviderOptions;
  huggingface?: HuggingFaceProviderOptions;
  kakao?: KakaoProviderOptions;
  kick?: KickProviderOptions;
  line?: LineProviderOptions;
  linear?: LinearProviderOptions;
  linkedin?: LinkedInProviderOptions;
  microsoft?: MicrosoftProviderOptions;
  naver?: NaverProviderOptions;
  notion?: NotionProviderOptions;
  paypal?: PayPalProviderOptions;
  reddit?: RedditProviderOptions;
  roblox?: RobloxProviderOptions;
  salesforce?: SalesforceProviderOptions;
  slack?: SlackProviderOptions;
  spotify?: SpotifyProviderOptions;
  tiktok?: TikTokProviderOptions;
  twitch?: TwitchProviderOptions;
  twitter?: TwitterProviderOptions;
  vk?: VKProviderOptions;
  zoom?: ZoomProviderOptions;
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
  gitlab: createGitLabProvider,
  google: createGoogleProvider,
  huggingface: createHuggingFaceProvider,
  kakao: createKakaoProvider,
  kick: createKickProvider,
  line: createLineProvider,
  linear: createLinearProvider,
  linkedin: createLinkedInProvider,
  microsoft: createMicrosoftProvider,
  naver: createNaverProvider,
  notion: createNotionProvider,
  paypal: createPayPalProvider,
  reddit: createRedditProvider,
  roblox: createRobloxProvider,
  salesforce: createSalesforceProvider,
  slack: createSlackProvider,
  spotify: createSpotifyProvider,
  tiktok: createTikTokProvider,
  twitch: createTwitchProvider,
  twitter: createTwitterProvider,
  vk: createVKProvider,
  zoom: createZoomProvider,
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
