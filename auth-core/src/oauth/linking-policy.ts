/**
 * Spec §4, social sign-in, as a pure decision: an existing user with the linked account gets a
 * session; an existing user without it is linked only if the provider is trusted or the email is
 * verified, and linking is not disabled; otherwise a new user unless sign-up is disabled.
 */
export type SignInDecision = "sign-in" | "link-and-sign-in" | "sign-up" | "account not linked" | "signup disabled";

export interface SignInFacts {
  /** A user was found, by the linked account or by the email. */
  userExists: boolean;
  /** That user already has this provider account. */
  accountLinked: boolean;
  providerId: string;
  /** The provider says the email is verified. */
  emailVerified: boolean;
  /** The existing user's own email is verified (checked only with requireLocalEmailVerified). */
  localEmailVerified?: boolean;
  linking: { enabled: boolean; trustedProviders: readonly string[]; requireLocalEmailVerified?: boolean };
  /** provider.disableSignUp, or disableImplicitSignUp without requestSignUp. */
  signUpDisabled: boolean;
}

export function decideSocialSignIn(facts: SignInFacts): SignInDecision {
  if (facts.userExists) {
    if (facts.accountLinked) return "sign-in";
    const trusted = facts.linking.trustedProviders.includes(facts.providerId);
    if (!facts.linking.enabled || (!trusted && !facts.emailVerified)) return "account not linked";
    // A pre-registered, unverified address proves nothing: linking would hand its registrant the owner's sign-in.
    if (facts.linking.requireLocalEmailVerified && facts.localEmailVerified !== true) return "account not linked";
    return "link-and-sign-in";
  }
  return facts.signUpDisabled ? "signup disabled" : "sign-up";
}

/** Whether a provider's sign-up is closed for this request (better-auth's rule). */
export function isSignUpDisabled(provider: { disableSignUp: boolean; disableImplicitSignUp: boolean }, requestSignUp: boolean): boolean {
  return provider.disableSignUp || (provider.disableImplicitSignUp && !requestSignUp);
}

/** Linking to the signed-in user (link-social), spec §4 and §5. */
export type LinkDecision = "link" | "unable_to_link_account" | "email_doesn't_match";

export interface LinkFacts {
  providerId: string;
  emailVerified: boolean;
  providerEmail: string | null;
  userEmail: string;
  linking: { enabled: boolean; trustedProviders: readonly string[]; allowDifferentEmails: boolean };
}

export function decideLink(facts: LinkFacts): LinkDecision {
  const trusted = facts.linking.trustedProviders.includes(facts.providerId);
  if (!facts.linking.enabled || (!trusted && !facts.emailVerified)) return "unable_to_link_account";
  const sameEmail = facts.providerEmail !== null && facts.providerEmail.toLowerCase() === facts.userEmail.toLowerCase();
  if (!sameEmail && !facts.linking.allowDifferentEmails) return "email_doesn't_match";
  return "link";
}
