import type { SessionJWTIssuer } from "./jwt/session-jwt.js";
import type { AfterAnswer } from "./deps/after-answer.js";
import type { Clock } from "./deps/clock.js";
import type { Logger } from "./deps/logger.js";
import type { RandomReader } from "./deps/random.js";
import type { PasswordHasher } from "./crypto/password.js";
import type { Mailer } from "./email/mailer.js";
import type { RateLimiter } from "./http/rate-limit.js";
import type { ResolvedOptions } from "./options.js";
import type { AuthDatabase } from "./store/database.js";
import type { SessionWithUserRow } from "./store/session-store.js";
import type { ApiKeyWithOwner } from "./store/api-key-store.js";
import type { ApiKeyHashes } from "./api-key/key-material.js";
import type { DiscoveryCache } from "./oauth/discovery.js";
import type { IdTokenVerifier } from "./oauth/id-token.js";
import type { SignedTokenVerifier } from "./session/signed-token-verifier.js";

/** Everything an endpoint may touch, passed explicitly: no globals, no hidden clock or fetch. */
export interface AuthContext {
  db: AuthDatabase;
  options: ResolvedOptions;
  clock: Clock;
  random: RandomReader;
  fetch: typeof fetch;
  logger: Logger;
  mailer: Mailer;
  /** The raw secret: the HS256 key of email tokens. */
  secret: string;
  /** HMAC key for signed cookies, derived from the secret. */
  cookieKey: Buffer;
  /** The signature check of session cookies and bearer tokens (under cookieKey). */
  sessionTokens: SignedTokenVerifier;
  passwordHasher: PasswordHasher;
  /** A hash of a random password at the configured cost: verified against for unknown users. */
  dummyPasswordHash: Promise<string>;
  /** The session lookup: a session and its person, by the token's hash (store/session-store.ts). */
  lookupSession: (tokenHash: string) => Promise<SessionWithUserRow | null>;
  /** The API-key lookup: a key's row and the person it stands for, by the key's hash. */
  lookupApiKey: (keyHash: string) => Promise<ApiKeyWithOwner | null>;
  /** The hashes of the API keys in use, remembered. */
  apiKeyHashes: ApiKeyHashes;
  /** The ids of the keys whose use is being written after the answer (api-key/use-api-key.ts). */
  apiKeyUsesWriting: Set<string>;
  rateLimiter: RateLimiter;
  /** Session JWTs and their signing keys (jwt option), with the per-session token cache. */
  sessionJWT: SessionJWTIssuer;
  /** Per-instance caches of providers' discovery documents and key sets. */
  oauth: { discover: DiscoveryCache; verifyIdToken: IdTokenVerifier };
  /** Work after the answer (mails), tracked so that shutdown and tests can wait for it. */
  afterAnswer: AfterAnswer;
}
