import { randomFillSync } from "node:crypto";
import type { RandomReader } from "@oslojs/crypto/random";

export type { RandomReader };

const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let poolUsed = 0;

/**
 * The system's cryptographically secure generator, read 4 KiB at a time and each byte handed
 * out once, then wiped from the pool (Node's own randomUUID keeps such a cache). A call into the
 * system's generator costs microseconds however few bytes it fills, and ids and tokens are made
 * on every write.
 */
export const systemRandom: RandomReader = {
  read(bytes: Uint8Array): void {
    if (bytes.length > POOL_BYTES) {
      randomFillSync(bytes);
      return;
    }
    if (poolUsed + bytes.length > pool.length) {
      pool = randomFillSync(new Uint8Array(POOL_BYTES));
      poolUsed = 0;
    }
    bytes.set(pool.subarray(poolUsed, poolUsed + bytes.length));
    pool.fill(0, poolUsed, poolUsed + bytes.length);
    poolUsed += bytes.length;
  },
};

/**
 * `length` characters drawn uniformly from `alphabet` (2 to 256 characters). Random bytes are
 * read for the whole string at once; a byte is kept only below the largest multiple of the
 * alphabet's size, so that the byte modulo the size is uniform, and more are read when too many
 * were dropped. @oslojs/crypto's generateRandomString read one byte per character, each a call
 * into the system's generator, and went through BigInt arithmetic: many times the cost of one
 * read for the whole string (docs/performance/runs-2026-11.md, 02:53Z).
 */
export function randomString(random: RandomReader, alphabet: string, length: number): string {
  const size = alphabet.length;
  if (size < 2 || size > 256) throw new RangeError(`an alphabet has 2 to 256 characters, not ${size}`);
  const limit = 256 - (256 % size);
  // A quarter more than needed, and a few: the largest alphabet's rejection rate here is 23 % (PKCE's 66).
  const bytes = new Uint8Array(length + (length >> 2) + 4);
  let result = "";
  while (result.length < length) {
    random.read(bytes);
    for (let i = 0; i < bytes.length && result.length < length; i++) {
      const byte = bytes[i]!;
      if (byte < limit) result += alphabet[byte % size];
    }
  }
  return result;
}

const LOWER_ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const PKCE_ALPHABET = `${ALPHANUMERIC}-._~`;

/** Uniformly random string from [a-z0-9] (ids, deletion tokens, spec §9). */
export function randomLowerAlphanumeric(random: RandomReader, length: number): string {
  return randomString(random, LOWER_ALPHANUMERIC, length);
}

/** Uniformly random string from [A-Za-z0-9] (session and reset tokens, OAuth state). */
export function randomAlphanumeric(random: RandomReader, length: number): string {
  return randomString(random, ALPHANUMERIC, length);
}

/** RFC 7636 §4.1: the code verifier uses the unreserved characters. */
export function randomPKCEVerifier(random: RandomReader, length: number): string {
  return randomString(random, PKCE_ALPHABET, length);
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
