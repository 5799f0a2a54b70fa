import { scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import { createSemaphore, type Semaphore } from "./semaphore.js";

/** scrypt cost parameters; they are written into every stored hash so they can be raised later. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** OWASP's scrypt minimum is N=2^17,r=8; N=2^14,r=16 costs the same memory (32 MiB) and time. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 16384, r: 16, p: 1, keyLength: 64 };

export interface PasswordHasher {
  hash(password: string, salt: Uint8Array): Promise<string>;
  /** false for a wrong password or a malformed stored value. */
  verify(password: string, stored: string): Promise<boolean>;
}

function deriveKey(password: string, salt: Uint8Array, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r * params.p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function parseStoredHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  // scrypt$N$r$p$salt$key (salt and key in base64url)
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  if (salt.length === 0 || key.length === 0) return null;
  return { params: { N, r, p, keyLength: key.length }, salt, key };
}

/**
 * scrypt through node:crypto's asynchronous API: the work runs on libuv's thread pool, never on
 * the event loop, and a semaphore bounds how many hashes run at once so that a burst of sign-ins
 * cannot take every pool thread (and every core) from the rest of the server.
 */
export function createScryptHasher(
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
  concurrency: number = Math.max(1, availableParallelism() - 1),
): PasswordHasher {
  const gate: Semaphore = createSemaphore(concurrency);
  return {
    async hash(password, salt) {
      const key = await gate.run(() => deriveKey(password, salt, params));
      const encodedSalt = Buffer.from(salt).toString("base64url");
      return `scrypt$${params.N}$${params.r}$${params.p}$${encodedSalt}$${key.toString("base64url")}`;
    },
    async verify(password, stored) {
      const parsed = parseStoredHash(stored);
      if (!parsed) return false;
      const key = await gate.run(() => deriveKey(password, parsed.salt, parsed.params));
      return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    },
  };
}
