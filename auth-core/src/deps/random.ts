import { webcrypto } from "node:crypto";
import { generateRandomString, type RandomReader } from "@oslojs/crypto/random";

export type { RandomReader };

/** The system's cryptographically secure generator. */
export const systemRandom: RandomReader = {
  read(bytes: Uint8Array): void {
    webcrypto.getRandomValues(bytes);
  },
};

const LOWER_ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const PKCE_ALPHABET = `${ALPHANUMERIC}-._~`;

/** Uniformly random string from [a-z0-9] (ids, deletion tokens, spec §9). */
export function randomLowerAlphanumeric(random: RandomReader, length: number): string {
  return generateRandomString(random, LOWER_ALPHANUMERIC, length);
}

/** Uniformly random string from [A-Za-z0-9] (session and reset tokens, OAuth state). */
export function randomAlphanumeric(random: RandomReader, length: number): string {
  return generateRandomString(random, ALPHANUMERIC, length);
}

/** RFC 7636 §4.1: the code verifier uses the unreserved characters. */
export function randomPKCEVerifier(random: RandomReader, length: number): string {
  return generateRandomString(random, PKCE_ALPHABET, length);
}

/** Random bytes from the injected reader. */
export function randomBytes(random: RandomReader, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  random.read(bytes);
  return bytes;
}

/** A new row id: 32 characters of [a-z0-9], about 165 bits. */
export function generateId(random: RandomReader): string {
  return randomLowerAlphanumeric(random, 32);
}
