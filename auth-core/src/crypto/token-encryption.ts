import { createCipheriv, createDecipheriv, hkdfSync } from "node:crypto";
import type { RandomReader } from "../deps/random.js";
import { randomBytes } from "../deps/random.js";

const VERSION = "v1";
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/**
 * The key that encrypts provider tokens at rest (access, refresh and ID tokens): HKDF-SHA256 of
 * the auth secret with its own label, so it is never the cookie or email-token key.
 */
export function deriveTokenEncryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "gatehouse", "gatehouse:provider-token-encryption:v1", 32));
}

/** The key that encrypts the session-JWT signing keys at rest: another HKDF label of the secret. */
export function deriveSigningKeyEncryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "gatehouse", "gatehouse:jwks-private-key-encryption:v1", 32));
}

/** The key that encrypts TOTP secrets at rest (two-factor): its own HKDF label of the secret. */
export function deriveTwoFactorSecretKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "gatehouse", "gatehouse:two-factor-secret-encryption:v1", 32));
}

/**
 * The HMAC key of backup codes and mailed codes at rest: a stolen database alone does not let
 * anyone test guesses offline.
 */
export function deriveTwoFactorCodeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "gatehouse", "gatehouse:two-factor-code-hash:v1", 32));
}

/** AES-256-GCM: `v1.<base64url(iv | ciphertext | tag)>`; a fresh 96-bit IV for every value. */
export function encryptToken(key: Buffer, random: RandomReader, plaintext: string): string {
  const iv = randomBytes(random, IV_LENGTH);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The plaintext, or null when the value is not ours or was altered (the tag does not verify). */
export function decryptToken(key: Buffer, stored: string): string | null {
  if (!stored.startsWith(`${VERSION}.`)) return null;
  const raw = Buffer.from(stored.slice(VERSION.length + 1), "base64url");
  if (raw.length < IV_LENGTH + TAG_LENGTH) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_LENGTH));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_LENGTH));
    return Buffer.concat([decipher.update(raw.subarray(IV_LENGTH, raw.length - TAG_LENGTH)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
