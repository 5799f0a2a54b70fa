import type { ResolvedOptions } from "../options.js";

/**
 * The switches an endpoint may declare (`feature`): each is on or off by the deployment's options,
 * read here and nowhere else. An endpoint of a feature that is off answers its declared refusal
 * (404 NOT_FOUND unless it says otherwise: better-auth's plugins are absent then, while its core's
 * switches answer their own 400 codes).
 */
const FEATURES = {
  apiKey: (options) => options.apiKey.enabled,
  twoFactor: (options) => options.twoFactor.enabled,
  jwt: (options) => options.jwt.enabled,
  // The signing keys' document: session JWTs and the OpenID provider's ID tokens are signed with them.
  jwks: (options) => options.jwt.enabled || options.oauthProvider.enabled,
  oauthProvider: (options) => options.oauthProvider.enabled,
  anonymous: (options) => options.social.anonymous.enabled,
  emailAndPassword: (options) => options.emailAndPassword.enabled,
  emailVerification: (options) => options.email.verification.enabled,
  passwordReset: (options) => options.email.passwordReset.enabled,
  changeEmail: (options) => options.email.changeEmail.enabled,
  deleteUser: (options) => options.email.deleteUser.enabled,
  magicLink: (options) => options.passwordless.magicLink.enabled,
  emailOTP: (options) => options.passwordless.emailOTP.enabled,
} satisfies Record<string, (options: ResolvedOptions) => boolean>;

export type FeatureName = keyof typeof FEATURES;

/**
 * Switches whose endpoints do not exist while off, as a better-auth plugin left out: 404 before
 * anything about the call is looked at (its session, its input). The others answer after the
 * session gate and the input, where their handlers always did.
 */
const ABSENT_WHEN_OFF: ReadonlySet<FeatureName> = new Set(["magicLink", "emailOTP"]);

export function isAbsentWhenOff(feature: FeatureName): boolean {
  return ABSENT_WHEN_OFF.has(feature);
}

export function isFeatureOn(options: ResolvedOptions, feature: FeatureName): boolean {
  return FEATURES[feature](options);
}
