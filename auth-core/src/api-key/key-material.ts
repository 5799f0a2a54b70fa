import { randomString, type RandomReader } from "../deps/random.js";
import { hashToken } from "../crypto/token-hash.js";
import { setBounded } from "../shared/bounded-map.js";

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

/** The stored hashes of keys in use, remembered (createApiKeyHashes). */
export interface ApiKeyHashes {
  /** The key's stored form (hashApiKey), from memory when the key matched a stored one before. */
  hashOf(key: string): string;
  /** Remembers the hash of a key that matched a stored key's hash. */
  remember(key: string, hash: string): void;
}

/**
 * A machine sends the same key with every call, and its SHA-256 costs more than finding the
 * hash in memory. Only keys that matched a stored hash are remembered (never what a caller made
 * up), bounded, the oldest first out; and only the hash: every use still reads the key's row, so
 * a revoked, expired or deleted key is refused at once.
 */
export function createApiKeyHashes(limit = 1024): ApiKeyHashes {
  const hashes = new Map<string, string>();
  return {
    hashOf: (key) => hashes.get(key) ?? hashApiKey(key),
    // A key already remembered keeps its place: setBounded only drops for a new key.
    remember: (key, hash) => void setBounded(hashes, limit, key, hash),
  };
}
