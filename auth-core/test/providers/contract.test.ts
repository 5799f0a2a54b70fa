/**
 * The contract every social provider keeps: the whole redirect flow through
 * `auth.handler` against a stand-in that speaks the provider's protocol at its real URLs, the
 * mapping field by field, refresh and ID-token sign-in where the provider has them, and each
 * way the provider can fail ending in the spec's callback code with no user and no session.
 */
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SUPPORTED_PROVIDER_IDS } from "../../src/oauth/providers/index.js";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, type TestAuth, type TestBrowser } from "../../testing/index.js";
import { createStandIn, type FailureMode, type ProviderFixture, type StandIn } from "./stand-in.js";

const fixtureDir = new URL("./fixtures/", import.meta.url);
const fixtures: ProviderFixture[] = [];
for (const file of readdirSync(fixtureDir)
  .filter((name) => name.endsWith(".ts"))
  .sort()) {
  const module = (await import(new URL(file, fixtureDir).href)) as { fixture: ProviderFixture };
  fixtures.push(module.fixture);
}

/** "timeout": the call ends as the engine's time-out ends it, without the real wait (stand-in.ts; microsoft.test.ts waits for a real one). */
const FAILURES: FailureMode[] = ["error", "malformed", "server-error", "timeout"];
const DAY_MS = 24 * 60 * 60 * 1000;

it("every supported provider has a fixture, and every fixture a provider", () => {
  expect(fixtures.map((f) => f.id).sort()).toEqual([...SUPPORTED_PROVIDER_IDS].sort());
});

describe.each(fixtures.map((f) => [f.id, f] as const))("%s", (_id, fixture) => {
  let t: TestAuth;
  let standIn: StandIn;
  let browser: TestBrowser;

  // One service, database and stand-in (with its signing keys) per provider. Each test starts
  // with the database empty, the stand-in forgetting what it saw, a new cookie jar, and the
  // clock a day on: no rate-limit window, cached JWKS or discovery document of the test before
  // is still live.
  beforeAll(async () => {
    t = await createTestAuth({
      now: new Date(),
      options: {
        socialProviders: { [fixture.id]: fixture.options },
        socialRequestTimeoutMs: 250,
      },
    });
    standIn = await createStandIn(fixture, () => t.clock.now());
    // The stand-in is the only network auth-core sees.
    (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  });
  beforeEach(async () => {
    await t.database.empty();
    standIn.reset();
    t.clock.advance(DAY_MS);
    browser = createTestBrowser(t.auth);
  });
  afterAll(async () => {
    await t?.destroy();
  });

  /** Starts at /sign-in/social, lets the stand-in authorize, and calls our callback as the provider sends the browser back. */
  async function runFlow(): Promise<{ authorizationURL: URL; location: string }> {
    const start = await browser.post("/sign-in/social", { provider: fixture.id, callbackURL: "/dashboard" });
    expect(start.status).toBe(200);
    const authorizationURL = new URL(((await start.json()) as { url: string }).url);
    const { code, state } = standIn.authorize(authorizationURL.href);
    const params = new URLSearchParams({ code, state, ...fixture.callback?.extra });
    let callback: Response;
    if (fixture.callback?.method === "POST") {
      // form_post: a cross-site POST without our cookies, answered with a GET to the same callback.
      const posted = await t.auth.handler(
        new Request(`${TEST_BASE_URL}/api/auth/callback/${fixture.id}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(fixture.authorize.url).origin },
          body: params.toString(),
        }),
      );
      expect(posted.status).toBe(302);
      const again = new URL(posted.headers.get("location") ?? "", TEST_BASE_URL);
      callback = await browser.get(`${again.pathname.replace("/api/auth", "")}${again.search}`);
    } else {
      callback = await browser.get(`/callback/${fixture.id}?${params.toString()}`);
    }
    expect(callback.status).toBe(302);
    return { authorizationURL, location: callback.headers.get("location") ?? "" };
  }

  async function userCount(): Promise<number> {
    const row = await t.database.db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  function expectMappedUser(user: { email: string; emailVerified: boolean; name: string; image: string | null }): void {
    const expected = fixture.expected;
    if (expected.email === "placeholder") {
      expect(user.email).toMatch(new RegExp(`^[0-9a-f]{32}@${fixture.id}\\.invalid$`));
      expect(user.emailVerified).toBe(false);
    } else {
      expect(user.email).toBe(expected.email);
      expect(user.emailVerified).toBe(expected.emailVerified);
    }
    expect(user.name).toBe(expected.name ?? user.email);
    expect(user.image).toBe(expected.image);
  }

  it("signs a person in end to end, with the provider's authorization request and mapping", async () => {
    const { authorizationURL, location } = await runFlow();
    expect(`${authorizationURL.origin}${authorizationURL.pathname}`).toBe(fixture.authorize.url);
    for (const [name, value] of Object.entries(fixture.authorize.params)) {
      expect(authorizationURL.searchParams.get(name), `authorization parameter ${name}`).toBe(value);
    }
    expect(authorizationURL.searchParams.get("redirect_uri")).toBe(`${TEST_BASE_URL}/api/auth/callback/${fixture.id}`);
    expect(authorizationURL.searchParams.has("code_challenge")).toBe(fixture.token.pkce);
    expect(location).toBe("/dashboard");

    const session = await browser.get("/get-session");
    const body = (await session.json()) as { user: { email: string; emailVerified: boolean; name: string; image: string | null } };
    expectMappedUser(body.user);
    const accounts = (await (await browser.get("/list-accounts")).json()) as Array<{ providerId: string; accountId: string }>;
    expect(accounts).toEqual([expect.objectContaining({ providerId: fixture.id, accountId: fixture.expected.id })]);
  });

  it(fixture.refresh ? "refreshes the access token at the provider" : "says it does not support token refreshing", async () => {
    await runFlow();
    const refreshed = await browser.post("/refresh-token", { providerId: fixture.id });
    if (fixture.refresh) {
      expect(refreshed.status).toBe(200);
      const tokens = (await refreshed.json()) as { accessToken: string };
      expect(standIn.issuedAccessTokens.at(-1)).toBe(tokens.accessToken);
      expect(standIn.requests.filter((r) => r.body.grant_type === "refresh_token")).toHaveLength(1);
    } else {
      expect(refreshed.status).toBe(400);
      expect(await refreshed.json()).toMatchObject({ message: `Provider ${fixture.id} does not support token refreshing.` });
    }
  });

  it(fixture.idTokenSignIn ? "signs in with an ID token from a client, once" : "refuses ID-token sign-in", async () => {
    if (!fixture.idTokenSignIn) {
      const refused = await browser.post("/sign-in/social", { provider: fixture.id, idToken: { token: "a.b.c" } });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ code: "ID_TOKEN_NOT_SUPPORTED" });
      return;
    }
    const token = await standIn.signIdToken("client-nonce");
    const signedIn = await browser.post("/sign-in/social", { provider: fixture.id, idToken: { token, nonce: "client-nonce" } });
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as { redirect: boolean; user: { email: string; emailVerified: boolean; name: string; image: string | null } };
    expect(body.redirect).toBe(false);
    expectMappedUser(body.user);
    const again = await createTestBrowser(t.auth).post("/sign-in/social", { provider: fixture.id, idToken: { token, nonce: "client-nonce" } });
    expect(again.status).toBe(401);
  });

  describe.each(FAILURES)("when the provider answers %s", (mode) => {
    it("at the token endpoint: invalid_code, no user, no session", async () => {
      standIn.fail(fixture.token.url, mode);
      const { location } = await runFlow();
      expect(new URL(location, TEST_BASE_URL).searchParams.get("error")).toBe("invalid_code");
      expect(await userCount()).toBe(0);
      expect(await (await browser.get("/get-session")).json()).toBeNull();
    });

    it("for the profile: unable_to_get_user_info, no user, no session", async () => {
      standIn.fail(fixture.profileURL, mode);
      const { location } = await runFlow();
      expect(new URL(location, TEST_BASE_URL).searchParams.get("error")).toBe("unable_to_get_user_info");
      expect(await userCount()).toBe(0);
      expect(await (await browser.get("/get-session")).json()).toBeNull();
    });
  });
});
