import { APIError } from "../errors.js";

/** Spec §5: length within the configured bounds (PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG). */
export function assertPasswordLength(password: string, bounds: { minPasswordLength: number; maxPasswordLength: number }): void {
  if (password.length < bounds.minPasswordLength) throw APIError.from(400, "PASSWORD_TOO_SHORT");
  if (password.length > bounds.maxPasswordLength) throw APIError.from(400, "PASSWORD_TOO_LONG");
}
