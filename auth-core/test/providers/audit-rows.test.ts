/** The audit log on the social side: each change writes its one row, in the change's transaction. */
import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../../testing/index.js";
import { fixture as github } from "./fixtures/github.js";
import { createStandIn, type StandIn } from "./stand-in.js";

describe.each(testDialects())("social audit rows on %s", (dialect) => {
  let t: TestAuth;
  let standIn: StandIn;
  afterEach(async () => {
    await t.destroy();
  });

  async function setUp(): Promise<void> {
    t = await createTestAuth({ dialect, now: new Date(), options: { socialProviders: { [github.id]: github.options } } });
    standIn = await createStandIn(github, () => t.clock.now());
    (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  }

  async function rowsOf(action: () => Promise<unknown>): Promise<Array<{ type: string; outcome: string; method: string | null }>> {
    const before = new Set((await t.database.db.selectFrom("securityEvent").select("id").execute()).map((r) => r.id));
    await action();
    const rows = await t.database.db.selectFrom("securityEvent").select(["id", "type", "outcome", "method"]).execute();
    // One request's rows share a time (the test clock stands still): compared in order of kind.
    return rows
      .filter((r) => !before.has(r.id))
      .map(({ type, outcome, method }) => ({ type, outcome, method }))
      .sort((a, b) => a.type.localeCompare(b.type));
  }

  async function signInWithGitHub(browser: TestBrowser, path = "/sign-in/social"): Promise<string> {
    const start = (await (await browser.post(path, { provider: "github", callbackURL: "/dashboard" })).json()) as { url: string };
    const { code, state } = standIn.authorize(start.url);
    return (await browser.get(`/callback/github?code=${code}&state=${state}`)).headers.get("location") ?? "";
  }

  it("a sign-up writes sign-up and sign-in; the next sign-in only sign-in", async () => {
    await setUp();
    const browser = createTestBrowser(t.auth);
    expect(await rowsOf(() => signInWithGitHub(browser))).toEqual([
      { type: "sign-in", outcome: "success", method: "github" },
      { type: "sign-up", outcome: "success", method: "github" },
    ]);
    expect(await rowsOf(() => signInWithGitHub(createTestBrowser(t.auth)))).toEqual([{ type: "sign-in", outcome: "success", method: "github" }]);
  });

  it("linking to an unverified password account writes account-linked, the first proof's removals and email-verified; unlinking writes account-unlinked", async () => {
    await setUp();
    expect(
      (await createTestBrowser(t.auth).post("/sign-up/email", { email: "octocat@github.com", password: "a long enough passphrase", name: "Octo" })).status,
    ).toBe(200);
    const browser = createTestBrowser(t.auth);
    // GitHub vouches for the never-proven address: the password set before it and the sign-up's session go (one row each).
    expect(await rowsOf(() => signInWithGitHub(browser))).toEqual([
      { type: "account-linked", outcome: "success", method: "github" },
      { type: "email-verified", outcome: "success", method: "github" },
      { type: "sign-in", outcome: "success", method: "github" },
      { type: "unproven-additions-removed", outcome: "success", method: "github" },
      { type: "unproven-additions-removed", outcome: "success", method: "github" },
    ]);
    // A password of the owner's own, so GitHub is not the last way in.
    await t.auth.api.setPassword({ body: { newPassword: "the owner's own passphrase" }, headers: new Headers({ cookie: browser.cookieHeader() }) });
    const unlinked = await rowsOf(async () => expect((await browser.post("/unlink-account", { providerId: "github" })).status).toBe(200));
    expect(unlinked).toEqual([{ type: "account-unlinked", outcome: "success", method: "github" }]);
  });
});
