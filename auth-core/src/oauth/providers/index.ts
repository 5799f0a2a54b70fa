import type { OAuthProvider } from "../types.js";
import { createGitHubProvider, type GitHubProviderOptions } from "./github.js";
import { createGitLabProvider, type GitLabProviderOptions } from "./gitlab.js";
import { createGoogleProvider, type GoogleProviderOptions } from "./google.js";
import { createKakaoProvider, type KakaoProviderOptions } from "./kakao.js";
import { createLinkedInProvider, type LinkedInProviderOptions } from "./linkedin.js";
import { createNaverProvider, type NaverProviderOptions } from "./naver.js";
import { createNotionProvider, type NotionProviderOptions } from "./notion.js";
import { createRedditProvider, type RedditProviderOptions } from "./reddit.js";
import { createRobloxProvider, type RobloxProviderOptions } from "./roblox.js";
import { createTikTokProvider, type TikTokProviderOptions } from "./tiktok.js";
import { createVKProvider, type VKProviderOptions } from "./vk.js";
import { createZoomProvider, type ZoomProviderOptions } from "./zoom.js";

/** Options per provider id (spec §9). Each provider adds one line here and one file beside this one. */
export interface SocialProviderOptions {
  github?: GitHubProviderOptions;
  gitlab?: GitLabProviderOptions;
  google?: GoogleProviderOptions;
  kakao?: KakaoProviderOptions;
  linkedin?: LinkedInProviderOptions;
  naver?: NaverProviderOptions;
  notion?: NotionProviderOptions;
  reddit?: RedditProviderOptions;
  roblox?: RobloxProviderOptions;
  tiktok?: TikTokProviderOptions;
  vk?: VKProviderOptions;
  zoom?: ZoomProviderOptions;
}

type OptionsById = { [Id in keyof SocialProviderOptions]-?: NonNullable<SocialProviderOptions[Id]> };
type ProviderFactories = { [Id in keyof OptionsById]: (options: OptionsById[Id]) => OAuthProvider };

const PROVIDER_FACTORIES: ProviderFactories = {
  github: createGitHubProvider,
  gitlab: createGitLabProvider,
  google: createGoogleProvider,
  kakao: createKakaoProvider,
  linkedin: createLinkedInProvider,
  naver: createNaverProvider,
  notion: createNotionProvider,
  reddit: createRedditProvider,
  roblox: createRobloxProvider,
  tiktok: createTikTokProvider,
  vk: createVKProvider,
  zoom: createZoomProvider,
};

/** Every provider id the library supports, in alphabetical order. */
export const SUPPORTED_PROVIDER_IDS = Object.keys(PROVIDER_FACTORIES) as Array<keyof SocialProviderOptions>;

/** One provider from its options (generic, so each id's options meet its own factory). */
function buildProvider<Id extends keyof OptionsById>(id: Id, options: OptionsById[Id]): OAuthProvider {
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
