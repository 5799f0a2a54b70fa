import { disableTwoFactor } from "./disable.js";
import { enableTwoFactor } from "./enable.js";
import { generateBackupCodes, verifyBackupCode } from "./backup-codes.js";
import { forgetTrustedDevicesEndpoint } from "./forget-trusted-devices.js";
import { getTOTPURI } from "./get-totp-uri.js";
import { sendTwoFactorOTP, verifyTwoFactorOTP } from "./otp.js";
import { verifyTOTP } from "./verify-totp.js";

/** better-auth 1.7's twoFactor plugin endpoints. */
export const twoFactorEndpoints = [
  enableTwoFactor,
  getTOTPURI,
  verifyTOTP,
  disableTwoFactor,
  generateBackupCodes,
  verifyBackupCode,
  sendTwoFactorOTP,
  verifyTwoFactorOTP,
  forgetTrustedDevicesEndpoint,
] as const;
