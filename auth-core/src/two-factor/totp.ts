import { decodeBase32IgnorePadding, encodeBase32NoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import { randomBytes, type RandomReader } from "../deps/random.js";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "./options.js";

/** A new TOTP key: 160 bits (RFC 4226 §4), as base32 (what the otpauth URI carries). */
export function generateTOTPSecret(random: RandomReader): string {
  return encodeBase32NoPadding(randomBytes(random, 20));
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function buildTOTPURI(secret: string, issuer: string, accountName: string): string {
  return createTOTPKeyURI(issuer, accountName, decodeBase32IgnorePadding(secret), TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The 30-second step a time falls in (RFC 6238's T). */
function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, checked against the current step and one each way (clock
 * drift), each compared in constant time; null when none matches. The caller refuses a step
 * already used (replay).
 */
export function matchTOTPStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = totpStep(now);
  let matched: number | null = null;
  // Every candidate is checked, so the time taken does not say which one matched.
  for (const step of [current - 1, current, current + 1]) {
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code) && matched === null) matched = step;
  }
  return matched;
}
