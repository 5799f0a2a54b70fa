/** Options of social sign-in and linked accounts. Owned by the social sign-in issue. */
export interface SocialOptions {
  socialProviders?: Record<string, never>;
}

export type ResolvedSocialOptions = Record<string, never>;

export function resolveSocialOptions(_options: SocialOptions): ResolvedSocialOptions {
  return {};
}
