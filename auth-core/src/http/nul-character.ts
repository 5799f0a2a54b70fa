import { APIError } from "../errors.js";

const NUL = "\u0000";

/** The dotted path of the first string holding U+0000 inside `value`, or null. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (depth > 32 || typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (key.includes(NUL)) return at;
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * 400 VALIDATION_ERROR for a NUL character anywhere in an input. PostgreSQL text cannot store
 * it, so it would otherwise surface as a 500 from the first query it reached; no field of any
 * endpoint has a use for it, so both databases refuse it alike.
 */
export function assertNoNulCharacter(value: unknown, where: "body" | "query" | "params"): void {
  const found = findNul(value, where, 0);
  if (found) throw APIError.from(400, "VALIDATION_ERROR", { params: { field: found, issue: "Must not contain a NUL character" } });
}
