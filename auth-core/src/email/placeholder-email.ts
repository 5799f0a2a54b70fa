import { createHmac } from "node:crypto";

/**
 * Addresses for people whose provider gives none (TikTok, Reddit, Roblox; X without the extra
 * permission). They live under `.invalid`, a top-level domain reserved never to resolve
 * (RFC 2606 §2), so they can never reach a mailbox or match a real person's address.
 */
const PLACEHOLDER_DOMAIN_SUFFIX = ".invalid";

/**
 * `{keyed hash of the account id}@{provider}.invalid`: stable per provider account, never a real
 * address. Keyed with the auth secret: provider account ids are often public (Reddit, X), and an
 * address anyone can compute could be registered first, blocking that person's sign-up.
 */
export function placeholderEmail(key: string, providerId: string, accountId: string): string {
  const local = createHmac("sha256", key).update(`placeholder-email:${providerId}:${accountId}`).digest("hex").slice(0, 32);
  return `${local}@${providerId.toLowerCase()}${PLACEHOLDER_DOMAIN_SUFFIX}`;
}

/** Whether an address is a placeholder (or any other `.invalid` address): never mailed, never linked by. */
export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(PLACEHOLDER_DOMAIN_SUFFIX);
}

/**
 * The address a provider profile signs in with: its own, or for a provider that may give none,
 * a placeholder that is never verified. null: the provider should have given one (email_not_found).
 */
export function signInEmail(
  key: string,
  provider: { id: string; emailMayBeMissing: boolean },
  user: { id: string; email: string | null },
): { email: string; placeholder: boolean } | null {
  if (user.email) return { email: user.email, placeholder: false };
  return provider.emailMayBeMissing ? { email: placeholderEmail(key, provider.id, user.id), placeholder: true } : null;
}
