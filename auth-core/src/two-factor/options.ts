/** Options of two-factor authentication (better-auth 1.7's twoFactor plugin wire). */
export interface TwoFactorOptions {
  twoFactor?: {
    /**
     * The /two-factor/* endpoints and the second step of password sign-in. Default false (the
     * endpoints answer 404 and sign-in ignores the flag, as better-auth without the plugin); the
     * server turns it on.
     */
    enabled?: boolean;
    /** The issuer an authenticator app shows beside the account; default "Gatehouse". */
    issuer?: string;
    /** Codes mailed for the second step (send-otp). Default: on when a mailer is configured. */
    otp?: { enabled?: boolean };
    /** Seconds a "trust this device" cookie skips the second step; default 30 days. */
    trustDeviceMaxAge?: number;
    /**
     * The web page of the second step, where a sign-in that ends in a redirect (a provider's
     * callback, an email link) sends the browser, with `?redirect=` the destination the sign-in
     * meant. A path on the base URL's origin or an absolute URL; default "/two-factor".
     */
    pageURL?: string;
  };
}

export interface ResolvedTwoFactorOptions {
  enabled: boolean;
  issuer: string;
  otpEnabled: boolean;
  trustDeviceMaxAge: number;
  pageURL: string;
}

export function resolveTwoFactorOptions(options: TwoFactorOptions & { mailer?: unknown }): ResolvedTwoFactorOptions {
  return {
    enabled: options.twoFactor?.enabled ?? false,
    issuer: options.twoFactor?.issuer ?? "Gatehouse",
    otpEnabled: options.twoFactor?.otp?.enabled ?? options.mailer !== undefined,
    trustDeviceMaxAge: options.twoFactor?.trustDeviceMaxAge ?? 30 * 24 * 60 * 60,
    pageURL: options.twoFactor?.pageURL ?? "/two-factor",
  };
}

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** How long the pending second step of a sign-in lives (better-auth's two_factor cookie). */
export const CHALLENGE_LIFETIME_SECONDS = 10 * 60;
/** Wrong codes one pending step takes before it dies (better-auth's 5). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Consecutive wrong second steps, across sign-ins, before the account's second step locks. */
export const ACCOUNT_LOCK_AFTER_FAILURES = 10;
export const ACCOUNT_LOCK_SECONDS = 15 * 60;
/** A mailed code (send-otp): 6 digits, 3 minutes (better-auth's defaults). */
export const MAILED_CODE_LIFETIME_SECONDS = 3 * 60;
/** Codes one pending step may mail (Gatehouse's own cap; better-auth has none): the 4th send-otp answers 429. */
export const MAILED_CODES_PER_STEP = 3;
export const BACKUP_CODE_COUNT = 10;
