import { z } from "zod";
import { APIError } from "../errors.js";

const emailSchema = z.email();

/** Lowercased and trimmed: the one form in which emails are stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spec §5: a valid email or 400 INVALID_EMAIL. Returns the normalized address. */
export function parseEmailOrThrow(email: string): string {
  const normalized = normalizeEmail(email);
  if (!emailSchema.safeParse(normalized).success) throw APIError.from(400, "INVALID_EMAIL");
  return normalized;
}
