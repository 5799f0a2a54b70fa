import type { UserRow } from "../store/database.js";
import { resolveBrand, type BrandOptions, type MailBrand } from "./brand.js";

/** Hooks around account deletion; `beforeDelete` may throw (an APIError) to refuse it. */
type DeleteUserHook = (user: UserRow) => Promise<void> | void;

/** Options of the email flows (verification, reset, change email, deletion). */
export interface EmailFlowOptions {
  /** The team's name, logo, colour, support address and footer in every mail, and its mail language (email/brand.ts). */
  brand?: BrandOptions;
  emailVerification?: {
    /**
     * Whether verification mails are sent at all (send-verification-email, sign-up, sign-in,
     * change-email). Default: true when a mailer is configured. Off: "Verification email isn't enabled".
     */
    enabled?: boolean;
    /** Require a verified email before email-and-password sign-in (EMAIL_NOT_VERIFIED, 403). */
    requireEmailVerification?: boolean;
    /** Send a verification mail on sign-up. Default: requireEmailVerification. */
    sendOnSignUp?: boolean;
    /** With requireEmailVerification: a sign-in with the right password but an unverified email sends a fresh mail. */
    sendOnSignIn?: boolean;
    /** Start a session when a verification link is followed. Default false. */
    autoSignInAfterVerification?: boolean;
    /** Lifetime of the verification token in seconds; default 3600 (spec §9: configurable). */
    expiresIn?: number;
  };
  passwordReset?: {
    /** Default: true when a mailer is configured. Off: "Reset password isn't enabled". */
    enabled?: boolean;
    /** Lifetime of a reset token in seconds; default 3600 (spec §9). */
    tokenExpiresIn?: number;
    /** End every session of the user when the password is reset. Default false. */
    revokeSessionsOnPasswordReset?: boolean;
  };
  /**
   * Short notices mailed to the account's address after a security-relevant change (password
   * changed, reset or first set; address changed, to the old address; passkey or provider account
   * added). They never carry a token. Default: true when a mailer is configured.
   */
  accountNotices?: {
    enabled?: boolean;
    /** The page where the owner reviews the account (absolute, or a path on the base URL); default the base URL. */
    reviewURL?: string;
    /**
     * Whether the app's sign-in screen offers email and password with "forgot password". Off, the
     * notices' advice names only passkeys and linked accounts. Default true.
     */
    passwordSignIn?: boolean;
  };
  user?: {
    changeEmail?: {
      /** Default false: "Change email is disabled". */
      enabled?: boolean;
    };
    deleteUser?: {
      /** Default false: POST /delete-user answers 404. */
      enabled?: boolean;
      /** Confirm every deletion through a mailed link (delete-account token). Default false. */
      sendDeleteAccountVerification?: boolean;
      /** Lifetime of the deletion token in seconds; default 86400 (spec §9). */
      deleteTokenExpiresIn?: number;
      beforeDelete?: DeleteUserHook;
      afterDelete?: DeleteUserHook;
    };
  };
}

export interface ResolvedEmailFlowOptions {
  brand: MailBrand;
  requireEmailVerification: boolean;
  verification: {
    enabled: boolean;
    sendOnSignUp: boolean;
    sendOnSignIn: boolean;
    autoSignInAfterVerification: boolean;
    expiresIn: number;
  };
  passwordReset: { enabled: boolean; tokenExpiresIn: number; revokeSessionsOnPasswordReset: boolean };
  accountNotices: { enabled: boolean; reviewURL: string; passwordSignIn: boolean };
  changeEmail: { enabled: boolean };
  deleteUser: {
    enabled: boolean;
    sendDeleteAccountVerification: boolean;
    deleteTokenExpiresIn: number;
    beforeDelete: DeleteUserHook | null;
    afterDelete: DeleteUserHook | null;
  };
}

const HOUR = 60 * 60;

export function resolveEmailFlowOptions(options: EmailFlowOptions & { mailer?: unknown; baseURL: string }): ResolvedEmailFlowOptions {
  const hasMailer = options.mailer !== undefined;
  const verification = options.emailVerification ?? {};
  const requireEmailVerification = verification.requireEmailVerification ?? false;
  const deleteUser = options.user?.deleteUser ?? {};
  return {
    brand: resolveBrand(options.brand, options.baseURL),
    requireEmailVerification,
    verification: {
      enabled: verification.enabled ?? hasMailer,
      sendOnSignUp: verification.sendOnSignUp ?? requireEmailVerification,
      sendOnSignIn: verification.sendOnSignIn ?? false,
      autoSignInAfterVerification: verification.autoSignInAfterVerification ?? false,
      expiresIn: verification.expiresIn ?? HOUR,
    },
    passwordReset: {
      enabled: options.passwordReset?.enabled ?? hasMailer,
      tokenExpiresIn: options.passwordReset?.tokenExpiresIn ?? HOUR,
      revokeSessionsOnPasswordReset: options.passwordReset?.revokeSessionsOnPasswordReset ?? false,
    },
    accountNotices: {
      enabled: options.accountNotices?.enabled ?? hasMailer,
      reviewURL: new URL(options.accountNotices?.reviewURL ?? "/", options.baseURL).toString(),
      passwordSignIn: options.accountNotices?.passwordSignIn ?? true,
    },
    changeEmail: { enabled: options.user?.changeEmail?.enabled ?? false },
    deleteUser: {
      enabled: deleteUser.enabled ?? false,
      sendDeleteAccountVerification: deleteUser.sendDeleteAccountVerification ?? false,
      deleteTokenExpiresIn: deleteUser.deleteTokenExpiresIn ?? 24 * HOUR,
      beforeDelete: deleteUser.beforeDelete ?? null,
      afterDelete: deleteUser.afterDelete ?? null,
    },
  };
}
