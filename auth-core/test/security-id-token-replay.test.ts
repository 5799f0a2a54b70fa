import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import {
  createSocialAuth,
  createTestBrowser,
  errorOf,
  GOOGLE_CLIENT,
  obtainProviderTokens,
  OTHER_CLIENT,
  OTHER_REDIRECT_URI,
  person,
  REDIRECT_URI,
  runFlow,
  startSocialProvider,
} from "./social-harness.js";

/**
 * ID tokens against a real OpenID provider: an ID token signs in once; the
 * redirect flow sends a nonce and requires it back; an ID token in the token answer that does
 * not verify ends the callback in the error redirect, with nothing created or stored.
 */
let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** The same claims, unsigned ("alg": "none"). */
function unsigned(token: string): string {
  const payload = token.split(".")[1]!;
  return `${b64url({ alg: "none", typ: "JWT" })}.${payload}.`;
}

function badSignature(token: string): string {
  return `${token.slice(0, -6)}${token.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA"}`;
}

/** A fetch that hands the token answer's id_token to `replace` before auth-core reads it. */
function tamperingFetch(replace: (idToken: string) => Promise<string>): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith("/token") || !response.ok) return response;
    const json = (await response.json()) as { id_token?: string };
    if (json.id_token) json.id_token = await replace(json.id_token);
    return new Response(JSON.stringify(json), { status: 200, headers: { "content-type": "application/json" } });
  };
}

describe.each(testDialects())("ID tokens on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function counts(): Promise<{ users: number; accounts: number; sessions: number }> {
    const count = async (table: "user" | "account" | "session"): Promise<number> => (await t.database.db.selectFrom(table).select("id").execute()).length;
    return { users: await count("user"), accounts: await count("account"), sessions: await count("session") };
  }

  it("an ID token signs in once; the second use is refused, from any client", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const { id_token: token } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce: "n-1" });
    expect((await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token, nonce: "n-1" } })).status).toBe(200);
    const again = await createTestBrowser(t.auth, { clientAddress: "203.0.113.9" }).post("/sign-in/social", {
      provider: "google",
      idToken: { token, nonce: "n-1" },
    });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await counts()).sessions).toBe(1);
  });

  it("a refused attempt (wrong nonce) does not use the token up", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const { id_token: token } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce: "n-2" });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-in/social", { provider: "google", idToken: { token, nonce: "other" } })).status).toBe(401);
    expect((await browser.post("/sign-in/social", { provider: "google", idToken: { token, nonce: "n-2" } })).status).toBe(200);
  });

  it("the redirect flow's ID token, read back from /get-access-token, cannot sign in again", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const flow = await runFlow(browser, idp);
    expect(errorOf(flow.location)).toBeNull();
    const stored = (await (await browser.post("/get-access-token", { providerId: "google" })).json()) as { idToken?: string };
    expect(stored.idToken).toBeTruthy();
    const replay = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token: stored.idToken } });
    expect(replay.status).toBe(401);
    expect((await counts()).sessions).toBe(1);
  });

  it("the redirect flow sends a nonce, and the provider's ID token carries it", async () => {
    idp.setPerson(person());
    let issued = "";
    t = await createSocialAuth(dialect, idp, {
      fetch: tamperingFetch(async (token) => {
        issued = token;
        return token;
      }),
    });
    const flow = await runFlow(createTestBrowser(t.auth), idp);
    const nonce = new URL(flow.started.url).searchParams.get("nonce");
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(Buffer.from(issued.split(".")[1]!, "base64url").toString())).toMatchObject({ nonce });
    expect(errorOf(flow.location)).toBeNull();
  });

  it.each([
    ["unsigned (alg none)", async (token: string) => unsigned(token)],
    ["a bad signature", async (token: string) => badSignature(token)],
    ["another app's audience", async () => (await obtainProviderTokens(idp, OTHER_CLIENT, OTHER_REDIRECT_URI, { nonce: "x" })).id_token],
    // Valid for our client, but from another flow: its nonce is not this flow's.
    ["another flow's token (nonce mismatch)", async () => (await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce: "elsewhere" })).id_token],
  ])("a token answer whose ID token is %s ends in unable_to_get_user_info, creating and storing nothing", async (_name, replace) => {
    t = await createSocialAuth(dialect, idp, { fetch: tamperingFetch(replace) });
    idp.setPerson(person());
    const flow = await runFlow(createTestBrowser(t.auth), idp);
    expect(flow.callback.status).toBe(302);
    expect(errorOf(flow.location)).toBe("unable_to_get_user_info");
    expect(await counts()).toEqual({ users: 0, accounts: 0, sessions: 0 });
  });

  it("an expired ID token in the token answer ends in unable_to_get_user_info too", async () => {
    const { id_token: old } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce: "old" });
    t = await createSocialAuth(dialect, idp, { fetch: tamperingFetch(async () => old) });
    t.clock.advance(2 * 60 * 60 * 1000); // past its exp and the one-hour maximum age
    idp.setPerson(person());
    const flow = await runFlow(createTestBrowser(t.auth), idp);
    expect(errorOf(flow.location)).toBe("unable_to_get_user_info");
    expect((await counts()).users).toBe(0);
  });
});
