import { magicLinkVerify } from "./magic-link-verify.js";
import { signInMagicLink } from "./sign-in-magic-link.js";
import { forgetPasswordEmailOTP, requestPasswordResetEmailOTP, sendVerificationOTP } from "./email-otp-send.js";
import {
  changeEmailEmailOTP,
  checkVerificationOTP,
  requestEmailChangeEmailOTP,
  resetPasswordEmailOTP,
  signInEmailOTP,
  verifyEmailOTP,
} from "./email-otp-use.js";

/**
 * Passwordless sign-in: better-auth 1.7's magicLink and emailOTP wires, each off by default
 * (`magicLink.enabled`, `emailOTP.enabled`; off, every path answers 404). better-auth's server-only
 * `getVerificationOTP` and `createVerificationOTP` are not here: no code ever leaves the server.
 */
export const passwordlessEndpoints = [
  signInMagicLink,
  magicLinkVerify,
  sendVerificationOTP,
  signInEmailOTP,
  verifyEmailOTP,
  checkVerificationOTP,
  requestPasswordResetEmailOTP,
  forgetPasswordEmailOTP,
  resetPasswordEmailOTP,
  requestEmailChangeEmailOTP,
  changeEmailEmailOTP,
] as const;
