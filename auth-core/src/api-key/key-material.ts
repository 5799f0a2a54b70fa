import { randomString, type RandomReader } from "../deps/random.js";
import { hashToken } from "../crypto/token-hash.js";

/** The plugin's alphabet: letters only, lower and upper case (64 of them carry ~365 bits). */
const KEY_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A new key: the prefix, then `length` random letters. Shown once; only its hash is kept. */
export function generateApiKey(random: RandomReader, length: number, prefix: string | null): string {
  return `${prefix ?? ""}${randomString(random, KEY_ALPHABET, length)}`;
}

/**
 * The stored form, the plugin's: SHA-256 of the key, base64url without padding. A key carries
 * hundreds of random bits, so a fast hash is enough, and verifying is one indexed lookup of it.
 */
export function hashApiKey(key: string): string {
  return hashToken(key);
}

/** The first characters kept in clear (prefix included) so people recognise their keys. */
export function keyStart(key: string, length: number): string | null {
  return length > 0 ? key.slice(0, length) : null;
}
