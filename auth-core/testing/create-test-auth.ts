import {
  createAuth,
  createManualClock,
  silentLogger,
  type Auth,
  type AuthOptions,
  type ManualClock,
  type ScryptParams,
  type SweepPacer,
} from "@gatehouse/auth-core";
import { createTestDatabase, type TestDatabase, type TestDialect } from "./test-database.js";

export const TEST_BASE_URL = "http://localhost:3000";
export const TEST_SECRET = "test-secret-that-is-at-least-32-characters-long";
/**
 * scrypt at a thirty-second of the production work (N·r 8192 against 262144): the same
 * format and code path at a small fraction of the time. For a test that is not about the hash's cost.
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 1024, r: 8, p: 1, keyLength: 32 };

export interface TestAuth {
  auth: Auth;
  clock: ManualClock;
  database: TestDatabase;
  destroy(): Promise<void>;
}

export interface TestAuthInput {
  dialect?: TestDialect;
  now?: Date;
  options?: Partial<Omit<AuthOptions, "database" | "lookups">>;
}

/**
 * A whole auth service over a real, migrated database with a clock the test moves, cheap
 * scrypt parameters (TEST_SCRYPT_PARAMS) and the system's random bytes.
 */
export async function createTestAuth(input: TestAuthInput = {}): Promise<TestAuth> {
  const database = await createTestDatabase(input.dialect ?? "sqlite");
  const clock = createManualClock(input.now ?? new Date("2026-01-01T00:00:00.000Z"));
  const auth = createAuthOn(clock, database, input.options ?? {});
  return { auth, clock, database, destroy: () => database.destroy() };
}

/**
 * A second auth service on `t`'s database and clock, as another server process would run beside
 * the first: for what processes share through the database (rate limits, claims, races).
 */
export function createTestAuthBeside(t: TestAuth, options: Partial<Omit<AuthOptions, "database" | "lookups" | "clock">> = {}): Auth {
  return createAuthOn(t.clock, t.database, options);
}

/** The expiry sweep's pause in tests: one turn of the event loop, no timer. */
const immediatePacer: SweepPacer = { pause: () => new Promise<void>((resolve) => setImmediate(resolve)) };

/** The test service's options (TEST_BASE_URL, TEST_SECRET, a silent log, TEST_SCRYPT_PARAMS, a timerless sweep) under `options`, on a clock and database. */
function createAuthOn(clock: ManualClock, database: TestDatabase, options: Partial<Omit<AuthOptions, "database" | "lookups">>): Auth {
  return createAuth({
    baseURL: TEST_BASE_URL,
    secret: TEST_SECRET,
    logger: silentLogger,
    sweepPacer: immediatePacer,
    ...options,
    clock,
    database: database.db,
    lookups: database.lookups,
    emailAndPassword: { scrypt: TEST_SCRYPT_PARAMS, ...options.emailAndPassword },
  });
}
