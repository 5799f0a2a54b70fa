/** Small readers shared by the providers' profile mappings. */

export function readOptionalString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** `email_verified` arrives as a boolean or as "true"/"false" (Apple); absent means false. */
export function readEmailVerified(value: unknown): boolean {
  return value === true || value === "true";
}
