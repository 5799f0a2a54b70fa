import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import type { Clock } from "../deps/clock.js";
import type { RandomReader } from "../deps/random.js";
import type { AuthDatabase } from "../store/database.js";
import type { ResolvedJWTOptions } from "./options.js";

/**
 * What signing keys need of the auth context (AuthContext satisfies it). Named here, not
 * imported from context.ts, which holds the issuer: no import circle, not even of types.
 */
export interface JWTContext {
  db: AuthDatabase;
  clock: Clock;
  random: RandomReader;
  secret: string;
  options: { jwt: ResolvedJWTOptions };
}
import { decryptToken, deriveSigningKeyEncryptionKey, encryptToken } from "../crypto/token-encryption.js";
import { generateId } from "../deps/random.js";
import { insertSigningKey, listSigningKeys } from "../store/jwks-store.js";
import type { JwksTable } from "../store/database.js";

export const JWT_ALGORITHM = "EdDSA";
/** Another process may have rotated: the key list is read again at most this often. */
const RELOAD_MS = 60_000;

interface SigningKey {
  kid: string;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
}

/**
 * The Ed25519 keys that sign session JWTs. Created on first use, stored with the
 * private half encrypted under the secret, replaced after keyRotationInterval; a retired key's
 * public half stays published until the last token it signed has expired.
 */
export interface SigningKeys {
  current(ctx: JWTContext): Promise<SigningKey>;
  /** The JWKS document: the public keys whose tokens may still be alive. */
  published(ctx: JWTContext): Promise<{ keys: JWK[] }>;
}

export function createSigningKeys(): SigningKeys {
  let rows: JwksTable[] | null = null;
  let loadedAt = 0;
  let signing: { kid: string; key: SigningKey } | null = null;
  let creating: Promise<void> | null = null;

  async function load(ctx: JWTContext, force: boolean): Promise<JwksTable[]> {
    const now = ctx.clock.now().getTime();
    if (!rows || force || now - loadedAt > RELOAD_MS) {
      rows = await listSigningKeys(ctx.db);
      loadedAt = now;
    }
    return rows;
  }

  async function createKey(ctx: JWTContext): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(JWT_ALGORITHM, { crv: "Ed25519", extractable: true });
    const kid = generateId(ctx.random);
    const publicJWK = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALGORITHM, use: "sig" };
    const privateJWK = JSON.stringify(await exportJWK(privateKey));
    await insertSigningKey(ctx.db, {
      id: kid,
      publicKey: JSON.stringify(publicJWK),
      privateKey: encryptToken(deriveSigningKeyEncryptionKey(ctx.secret), ctx.random, privateJWK),
      createdAt: ctx.clock.now().toISOString(),
    });
  }

  function isDue(row: JwksTable | undefined, ctx: JWTContext): boolean {
    if (!row) return true;
    return ctx.clock.now().getTime() - Date.parse(row.createdAt) >= ctx.options.jwt.keyRotationInterval * 1000;
  }

  return {
    async current(ctx) {
      let newest = (await load(ctx, false))[0];
      if (isDue(newest, ctx)) {
        // One creation at a time in this process; another process may create its own: both
        // are published, and the newest signs.
        creating ??= createKey(ctx).finally(() => (creating = null));
        await creating;
        newest = (await load(ctx, true))[0];
      }
      if (!newest) throw new Error("no signing key");
      if (signing?.kid !== newest.id) {
        const plaintext = decryptToken(deriveSigningKeyEncryptionKey(ctx.secret), newest.privateKey);
        if (plaintext === null) throw new Error("signing key not readable with this secret");
        signing = { kid: newest.id, key: { kid: newest.id, privateKey: await importJWK(JSON.parse(plaintext) as JWK, JWT_ALGORITHM) } };
      }
      return signing.key;
    },
    async published(ctx) {
      const all = await load(ctx, false);
      const now = ctx.clock.now().getTime();
      const lifetime = ctx.options.jwt.publishedFor * 1000;
      // A key signs until the next one is made; its tokens live publishedFor after that.
      const alive = all.filter((row, index) => index === 0 || Date.parse(all[index - 1]!.createdAt) + lifetime > now);
      return { keys: alive.map((row) => JSON.parse(row.publicKey) as JWK) };
    },
  };
}
