import { defineProvider, fixedEndpoints, userInfoProfile, type BaseProviderOptions } from "../define-provider.js";
import type { OAuthProvider } from "../types.js";
import { readEmail, readId, readOptionalString } from "./claims.js";

/** Options of Discord sign-in (docs/providers.md, the discord row). */
export interface DiscordProviderOptions extends BaseProviderOptions {
  clientSecret: string;
  /** Default "none": a returning person is not asked to consent again; "consent" always asks. */
  prompt?: string;
  /** Bot permissions, sent only when the `bot` scope is asked for. */
  permissions?: number;
}

const API = "https://discord.com/api";
const CDN = "https://cdn.discordapp.com";

/**
 * The avatar URL from the user's id and avatar hash (animated hashes start with `a_`), or
 * Discord's default avatar for someone without one: by id for new-style usernames
 * (discriminator "0"), by discriminator for legacy ones.
 */
export function discordAvatarURL(id: string, avatar: string | null, discriminator: string | null): string {
  if (avatar) return `${CDN}/avatars/${id}/${avatar}.${avatar.startsWith("a_") ? "gif" : "png"}`;
  let index = 0;
  if (discriminator === null || discriminator === "0") {
    if (/^\d+$/.test(id)) index = Number((BigInt(id) >> 22n) % 6n);
  } else {
    const legacy = Number(discriminator);
    index = Number.isFinite(legacy) ? legacy % 5 : 0;
  }
  return `${CDN}/embed/avatars/${index}.png`;
}

export function createDiscordProvider(options: DiscordProviderOptions): OAuthProvider {
  return defineProvider({
    id: "discord",
    name: "Discord",
    options,
    defaultScopes: ["identify", "email"],
    endpoints: fixedEndpoints({
      authorization: `${API}/oauth2/authorize`,
      token: `${API}/oauth2/token`,
      userInfo: `${API}/users/@me`,
    }),
    authorizationParams({ scopes }) {
      const params: Record<string, string> = { prompt: options.prompt ?? "none" };
      if (options.permissions !== undefined && scopes.includes("bot")) params.permissions = String(options.permissions);
      return params;
    },
    supportsRefresh: true,
    getUserInfo: userInfoProfile({
      id: (profile) => readId(profile.id),
      user: (profile, id) => ({
        // null for accounts registered with a phone number only.
        email: readEmail(profile.email),
        emailVerified: profile.verified === true,
        name: readOptionalString(profile.global_name) ?? readOptionalString(profile.username),
        image: discordAvatarURL(id, readOptionalString(profile.avatar), readOptionalString(profile.discriminator)),
      }),
    }),
  });
}
