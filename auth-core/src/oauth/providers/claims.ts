/** Small readers shared by the providers' profile mappings. */

export function readOptionalString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** An id that arrives as a string or a number (Discord, VK, Kakao send numbers). */
export function readId(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return readOptionalString(value);
}

/** `email_verified` arrives as a boolean or as "true"/"false" (Apple); absent means false. */
export function readEmailVerified(value: unknown): boolean {
  return value === true || value === "true";
}

/** An address as we store it (lower case), or null. */
export function readEmail(value: unknown): string | null {
  return readOptionalString(value)?.toLowerCase() ?? null;
}

/** A nested object of a profile (`data.user`, `response`), or an empty one. */
export function readObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** "First Last" from parts that may be missing; null when both are. */
export function joinName(...parts: unknown[]): string | null {
  const name = parts
    .map((part) => readOptionalString(part))
    .filter((part): part is string => part !== null)
    .join(" ")
    .trim();
  return name.length > 0 ? name : null;
}
