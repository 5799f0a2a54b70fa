/** Options of passwordless sign-in: better-auth 1.7's magicLink and emailOTP plugin wires. */
export interface PasswordlessOptions {
  /** Sign-in by a mailed link (`/sign-in/magic-link`, `/magic-link/verify`). */
  magicLink?: {
    /** Default false: the endpoints answer 404, as better-auth without the plugin. */
    enabled?: boolean;
    /** Seconds a link stays valid; default 300. */
    expiresIn?: number;
  };
  /** Mailed 6-digit codes (`/email-otp/*`, `/sign-in/email-otp`). */
  emailOTP?: {
    /** Default false: the endpoints answer 404. */
    enabled?: boolean;
    /** Seconds a code stays valid; default 300. */
    expiresIn?: number;
  };
}

export interface ResolvedPasswordlessOptions {
  magicLink: { enabled: boolean; expiresIn: number };
  emailOTP: { enabled: boolean; expiresIn: number };
}

export function resolvePasswordlessOptions(options: PasswordlessOptions): ResolvedPasswordlessOptions {
  return {
    magicLink: { enabled: options.magicLink?.enabled ?? false, expiresIn: options.magicLink?.expiresIn ?? 300 },
    emailOTP: { enabled: options.emailOTP?.enabled ?? false, expiresIn: options.emailOTP?.expiresIn ?? 300 },
  };
}

/** better-auth's magic-link token: 32 letters. */
export const MAGIC_LINK_TOKEN_LENGTH = 32;
/** better-auth's email OTP: 6 digits, 3 tries. */
export const OTP_LENGTH = 6;
export const OTP_ALLOWED_ATTEMPTS = 3;
