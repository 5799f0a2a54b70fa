import { buildProviders, type SocialProviderOptions } from "./providers/index.js";
import type { OAuthProvider } from "./types.js";

export type { SocialProviderOptions };

/** Spec §4 linking policy (better-auth's `account.accountLinking`). */
export interface AccountLinkingOptions {
  /** Default true; false: never link a provider account to an existing user. */
  enabled?: boolean;
  /** Providers whose accounts are linked even when they do not say the email is verified. */
  trustedProviders?: string[];
  /** Link-social may link an account whose email differs from the user's. Default false. */
  allowDifferentEmails?: boolean;
  /** Unlinking the last account is allowed. Default false (FAILED_TO_UNLINK_LAST_ACCOUNT). */
  allowUnlinkingAll?: boolean;
  /** Copy name and image from the provider when linking. Default false. */
  updateUserInfoOnLink?: boolean;
  /**
   * Sign-in through a provider links to an existing user only if that user's own email is
   * verified (better-auth's option of the same name). Without it, whoever registered an address
   * they do not own (unverified) gets the owner's provider account linked to their user, and
   * keeps their password. Default false here (spec §4 as written); the server turns it on.
   */
  requireLocalEmailVerified?: boolean;
}

export interface AnonymousHandOver {
  anonymousUserId: string;
  newUserId: string;
}

export interface AnonymousOptions {
  /** POST /sign-in/anonymous; default true. */
  enabled?: boolean;
  /** Domain of the placeholder email `temp-{id}@{domain}`; default the base URL's host. */
  emailDomainName?: string;
  /** Called when an anonymous person signs in for real, before the anonymous user is deleted. */
  onLinkAccount?(input: AnonymousHandOver): Promise<void>;
  /** Keep the anonymous user after the hand-over. Default false. */
  disableDeleteAnonymousUser?: boolean;
}

/** Options of social sign-in, linked accounts and anonymous sign-in. */
export interface SocialOptions {
  socialProviders?: SocialProviderOptions;
  /**
   * Providers built outside the library with `defineProvider` (an OpenID provider of your own, or
   * a development stand-in). One with the id of a `socialProviders` entry replaces it.
   */
  additionalProviders?: OAuthProvider[];
  account?: { accountLinking?: AccountLinkingOptions };
  anonymous?: AnonymousOptions;
  /** How long a call to a provider (token, user info, keys) may take; default 10 000 ms. */
  socialRequestTimeoutMs?: number;
}

export interface ResolvedSocialOptions {
  providers: Map<string, OAuthProvider>;
  accountLinking: Required<Omit<AccountLinkingOptions, "trustedProviders">> & { trustedProviders: string[] };
  anonymous: { enabled: boolean; emailDomainName: string | null; onLinkAccount: AnonymousOptions["onLinkAccount"] | null; deleteAnonymousUser: boolean };
  requestTimeoutMs: number;
}

export function resolveSocialOptions(options: SocialOptions): ResolvedSocialOptions {
  const linking = options.account?.accountLinking;
  const providers = buildProviders(options.socialProviders ?? {});
  for (const provider of options.additionalProviders ?? []) providers.set(provider.id, provider);
  return {
    providers,
    accountLinking: {
      enabled: linking?.enabled ?? true,
      trustedProviders: linking?.trustedProviders ?? [],
      allowDifferentEmails: linking?.allowDifferentEmails ?? false,
      allowUnlinkingAll: linking?.allowUnlinkingAll ?? false,
      updateUserInfoOnLink: linking?.updateUserInfoOnLink ?? false,
      requireLocalEmailVerified: linking?.requireLocalEmailVerified ?? false,
    },
    anonymous: {
      enabled: options.anonymous?.enabled ?? true,
      emailDomainName: options.anonymous?.emailDomainName ?? null,
      onLinkAccount: options.anonymous?.onLinkAccount ?? null,
      deleteAnonymousUser: !(options.anonymous?.disableDeleteAnonymousUser ?? false),
    },
    requestTimeoutMs: options.socialRequestTimeoutMs ?? 10_000,
  };
}
