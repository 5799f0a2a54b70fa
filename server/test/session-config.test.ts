import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createManualClock, silentLogger, type Auth, type ManualClock } from "@gatehouse/auth-core";
import {
  createTestBrowser,
  createTestDatabase,
  testDialects,
  TEST_SCRYPT_PARAMS,
  TEST_SECRET,
  type TestBrowser,
  type TestDatabase,
} from "@gatehouse/auth-core/testing";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

/**
 * A review found that the server could not be given session lifetimes (every deployment ran
 * 7-day sliding sessions, 30 days at most, no idle limit): SESSION_* sets them. And
 * PASSWORD_SINGLE_FACTOR_MINIMUM=on asks for NIST's 15-character minimum when the password is the
 * only factor, off by default.
 */
const DAY = 24 * 60 * 60;

describe("SESSION_* and PASSWORD_SINGLE_FACTOR_MINIMUM in the run contract", () => {
  it("default to the library's behaviour", () => {
    expect(readConfig({})).toMatchObject({
      session: { expiresIn: 7 * DAY, updateAge: DAY, freshAge: DAY, idleTimeout: 0, absoluteLifetime: 30 * DAY },
      singleFactorPasswordMinimum: false,
    });
  });

  it("take whole seconds and refuse anything else", () => {
    const config = readConfig({ SESSION_EXPIRES_IN: "43200", SESSION_UPDATE_AGE: "3600", SESSION_IDLE_TIMEOUT: "1800", SESSION_ABSOLUTE_LIFETIME: "86400" });
    expect(config.session).toEqual({ expiresIn: 43200, updateAge: 3600, freshAge: DAY, idleTimeout: 1800, absoluteLifetime: 86400 });
    expect(() => readConfig({ SESSION_EXPIRES_IN: "a week" })).toThrow(/SESSION_EXPIRES_IN/);
    expect(() => readConfig({ SESSION_IDLE_TIMEOUT: "-1" })).toThrow(/SESSION_IDLE_TIMEOUT/);
    expect(() => readConfig({ SESSION_FRESH_AGE: "1.5" })).toThrow(/SESSION_FRESH_AGE/);
    expect(() => readConfig({ SESSION_EXPIRES_IN: "10" })).toThrow(/SESSION_EXPIRES_IN/);
    expect(() => readConfig({ PASSWORD_SINGLE_FACTOR_MINIMUM: "yes" })).toThrow(/PASSWORD_SINGLE_FACTOR_MINIMUM/);
  });
});

describe.each(testDialects())("the server's auth honours SESSION_* on %s", (dialect) => {
  let database: TestDatabase;
  let clock: ManualClock;
  afterEach(async () => database.destroy());

  async function serverAuth(env: Record<string, string>): Promise<Auth> {
    database = await createTestDatabase(dialect);
    clock = createManualClock(new Date("2026-06-01T00:00:00.000Z"));
    return createServerAuth({
      config: readConfig({ RATE_LIMIT: "off", ...env }),
      db: database.db,
      dialect,
      secret: TEST_SECRET,
      mailer: { send: async () => undefined },
      logger: silentLogger,
      clock,
      scrypt: TEST_SCRYPT_PARAMS,
    });
  }

  const signedIn = async (browser: TestBrowser): Promise<boolean> => (await (await browser.get("/get-session")).json()) !== null;

  it("expiry, freshness and the idle limit", async () => {
    const auth = await serverAuth({ SESSION_EXPIRES_IN: "3600", SESSION_UPDATE_AGE: "600", SESSION_FRESH_AGE: "300", SESSION_IDLE_TIMEOUT: "900" });
    const browser = createTestBrowser(auth);
    const signUp = await browser.post("/sign-up/email", { name: "Ida", email: "ida@example.com", password: "idle limit phrase" });
    expect(signUp.headers.getSetCookie().find((c) => c.includes("session_token="))).toMatch(/Max-Age=3600/);

    clock.advance(301_000);
    const stale = await browser.get("/passkey/generate-register-options");
    expect(stale.status).toBe(403);
    expect(await signedIn(browser)).toBe(true);

    // Used every 800 s (under the idle limit) it lives on; 901 s unused, it ends.
    clock.advance(800_000);
    expect(await signedIn(browser)).toBe(true);
    clock.advance(901_000);
    expect(await signedIn(browser)).toBe(false);
  });

  it("the absolute lifetime ends a session however often it is used", async () => {
    const auth = await serverAuth({ SESSION_EXPIRES_IN: "3600", SESSION_UPDATE_AGE: "600", SESSION_ABSOLUTE_LIFETIME: "7200" });
    const browser = createTestBrowser(auth);
    await browser.post("/sign-up/email", { name: "Abe", email: "abe@example.com", password: "absolute limit phrase" });
    for (let used = 0; used < 7200 - 700; used += 700) {
      clock.advance(700_000);
      expect(await signedIn(browser)).toBe(true);
    }
    clock.advance(701_000);
    expect(await signedIn(browser)).toBe(false);
  });

  it("PASSWORD_SINGLE_FACTOR_MINIMUM=on asks 15 characters of a new password", async () => {
    const auth = await serverAuth({ PASSWORD_SINGLE_FACTOR_MINIMUM: "on" });
    const short = await createTestBrowser(auth).post("/sign-up/email", { name: "Sol", email: "sol@example.com", password: "fourteen chars" });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
    expect((await createTestBrowser(auth).post("/sign-up/email", { name: "Sol", email: "sol@example.com", password: "fifteen chars!!" })).status).toBe(200);
  });
});

describe("a server process started with SESSION_EXPIRES_IN and PASSWORD_SINGLE_FACTOR_MINIMUM", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ SESSION_EXPIRES_IN: "3600", PASSWORD_SINGLE_FACTOR_MINIMUM: "on" });
  }, 60_000);
  afterAll(async () => server?.kill());

  const signUp = (password: string): Promise<Response> =>
    fetch(`${server.baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: server.baseURL, "content-type": "application/json" },
      body: JSON.stringify({ name: "Pat", email: "pat@example.com", password }),
    });

  it("sets the session cookie for an hour and refuses a 14-character password", async () => {
    expect((await signUp("fourteen chars")).status).toBe(400);
    const answer = await signUp("fifteen chars!!");
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().find((c) => c.includes("session_token="))).toMatch(/Max-Age=3600/);
  });
});
