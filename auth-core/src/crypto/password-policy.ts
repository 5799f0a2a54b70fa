import { APIError } from "../errors.js";
import { isCommonPassword } from "./common-passwords.js";

/** Spec §5: length within the configured bounds (PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG). */
function assertPasswordLength(password: string, bounds: { minPasswordLength: number; maxPasswordLength: number }): void {
  if (password.length < bounds.minPasswordLength) throw APIError.from(400, "PASSWORD_TOO_SHORT");
  if (password.length > bounds.maxPasswordLength) throw APIError.from(400, "PASSWORD_TOO_LONG");
}

/**
 * A new password (sign-up, reset, change, set): within the length bounds, and neither one of the
 * commonly used passwords nor a variant of one, nor built on the product's name or the person's
 * own address or name (NIST SP 800-63B-4), unless the option turns that check off.
 */
export function assertNewPasswordAllowed(
  password: string,
  policy: { minPasswordLength: number; maxPasswordLength: number; refuseCommonPasswords: boolean },
  owner: { email?: string; name?: string },
): void {
  assertPasswordLength(password, policy);
  if (policy.refuseCommonPasswords && isCommonPassword(password, owner)) throw APIError.from(400, "PASSWORD_COMPROMISED");
}
