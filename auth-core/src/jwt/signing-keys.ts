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
/**
 * The algorithms a key of ours may sign with: EdDSA (Ed25519) signs session JWTs and, by default,
 * ID tokens; RS256 and ES256 sign the ID tokens of a client registered for them (a relying party
 * that cannot verify EdDSA, such as mod_auth_openidc 2.4 through cjose).
 */
export const SIGNING_ALGORITHMS = ["EdDSA", "RS256", "ES256"] as const;
export type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];
/** Another process may have rotated: the key list is read again at most this often. */
const RELOAD_MS = 60_000;

interface SigningKey {
  kid: string;
  alg: SigningAlgorithm;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
}

/**
 * The keys that sign session JWTs (Ed25519) and the provider's ID tokens, one series per
 * algorithm. A series' first key is created on first use, stored with the private half encrypted
 * under the secret, and replaced after keyRotationInterval; a retired key's public half stays
 * published until the last token it signed has expired.
 */
export interface SigningKeys {
  /** The key that signs now with `alg` (EdDSA when not named). */
  current(ctx: JWTContext, alg?: SigningAlgorithm): Promise<SigningKey>;
  /** The JWKS document: the public keys of every series whose tokens may still be alive. */
  published(ctx: JWTContext): Promise<{ keys: JWK[] }>;
}

/** The algorithm a stored key signs with: its public JWK's `alg` (keys from before RS256 and ES256 are Ed25519). */
function algorithmOf(row: JwksTable): SigningAlgorithm {
  const { alg } = JSON.parse(row.publicKey) as JWK;
  return SIGNING_ALGORITHMS.find((known) => known === alg) ?? "EdDSA";
}

function keyPairOptions(alg: SigningAlgorithm): Parameters<typeof generateKeyPair>[1] {
  if (alg === "EdDSA") return { crv: "Ed25519", extractable: true };
  if (alg === "RS256") return { modulusLength: 2048, extractable: true };
  return { extractable: true };
}

export function createSigningKeys(): SigningKeys {
  let rows: Array<JwksTable & { alg: SigningAlgorithm }> | null = null;
  let loadedAt = 0;
  const signing = new Map<SigningAlgorithm, SigningKey>();
  const creating = new Map<SigningAlgorithm, Promise<void>>();

  async function load(ctx: JWTContext, force: boolean): Promise<Array<JwksTable & { alg: SigningAlgorithm }>> {
    const now = ctx.clock.now().getTime();
    if (!rows || force || now - loadedAt > RELOAD_MS) {
      rows = (await listSigningKeys(ctx.db)).map((row) => ({ ...row, alg: algorithmOf(row) }));
      loadedAt = now;
    }
    return rows;
  }

  async function createKey(ctx: JWTContext, alg: SigningAlgorithm): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(alg, keyPairOptions(alg));
    const kid = generateId(ctx.random);
    const publicJWK = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
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

  const newestOf = (all: Array<JwksTable & { alg: SigningAlgorithm }>, alg: SigningAlgorithm) => all.find((row) => row.alg === alg);

  return {
    async current(ctx, alg = JWT_ALGORITHM) {
      let newest = newestOf(await load(ctx, false), alg);
      if (isDue(newest, ctx)) {
        // One creation per series at a time in this process; another process may create its
        // own: both are published, and the newest signs.
        let pending = creating.get(alg);
        if (!pending) {
          pending = createKey(ctx, alg).finally(() => creating.delete(alg));
          creating.set(alg, pending);
        }
        await pending;
        newest = newestOf(await load(ctx, true), alg);
      }
      if (!newest) throw new Error("no signing key");
      const held = signing.get(alg);
      if (held?.kid === newest.id) return held;
      const plaintext = decryptToken(deriveSigningKeyEncryptionKey(ctx.secret), newest.privateKey);
      if (plaintext === null) throw new Error("signing key not readable with this secret");
      const key: SigningKey = { kid: newest.id, alg, privateKey: await importJWK(JSON.parse(plaintext) as JWK, alg) };
      signing.set(alg, key);
      return key;
    },
    async published(ctx) {
      const all = await load(ctx, false);
      const now = ctx.clock.now().getTime();
      const lifetime = ctx.options.jwt.publishedFor * 1000;
      // A key signs until the next one of its series is made; its tokens live publishedFor after that.
      const alive = all.filter((row, index) => {
        const next = all.slice(0, index).findLast((newer) => newer.alg === row.alg);
        return next === undefined || Date.parse(next.createdAt) + lifetime > now;
      });
      return { keys: alive.map((row) => JSON.parse(row.publicKey) as JWK) };
    },
  };
}
