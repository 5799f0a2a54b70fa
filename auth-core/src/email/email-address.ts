import { z } from "zod";
import { APIError } from "../errors.js";
import { isPlaceholderEmail } from "./placeholder-email.js";

const emailSchema = z.email();

/** RFC 5321 §4.5.3.1: at most 64 octets before the @, 254 in all (a 256-octet path less <>). */
const MAX_LOCAL_PART_OCTETS = 64;
const MAX_ADDRESS_OCTETS = 254;

/**
 * The body field of an address: any string (the router caps a body at 1 MiB), so that an
 * over-long address reaches parseEmailOrThrow and gets the spec's INVALID_EMAIL. Its length
 * is checked before the pattern, so a long one costs no regular-expression work.
 */
export const emailField = z.string();

function withinSMTPLimits(address: string): boolean {
  const at = address.lastIndexOf("@");
  if (at <= 0) return false;
  const octets = (value: string): number => Buffer.byteLength(value, "utf8");
  return octets(address) <= MAX_ADDRESS_OCTETS && octets(address.slice(0, at)) <= MAX_LOCAL_PART_OCTETS;
}

/** Lowercased and trimmed: the one form in which emails are stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Spec §5: a valid email or 400 INVALID_EMAIL, before any row is written or mail attempted:
 * the form zod accepts and RFC 5321's lengths (a longer address cannot be delivered), in a
 * domain that can exist (`.invalid` never does, RFC 6761 §6.4; it is where placeholder
 * addresses live, which nobody may claim). Returns the normalized address.
 */
export function parseEmailOrThrow(email: string): string {
  const normalized = normalizeEmail(email);
  if (!withinSMTPLimits(normalized) || isPlaceholderEmail(normalized) || !emailSchema.safeParse(normalized).success) throw APIError.from(400, "INVALID_EMAIL");
  return normalized;
}
