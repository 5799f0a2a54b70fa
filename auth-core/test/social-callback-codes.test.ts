import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import {
  createSocialAuth,
  createTestBrowser,
  errorOf,
  GOOGLE_CLIENT,
  person,
  runFlow,
  startFlow,
  startSocialProvider,
  type FlowResult,
} from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/** Starts a flow at us only, and gives back the browser and its state (no provider round trip). */
async function startOnly(t: TestAuth, body: Record<string, unknown> = {}): Promise<{ browser: ReturnType<typeof createTestBrowser>; state: string }> {
  const browser = createTestBrowser(t.auth);
  const start = await browser.post("/sign-in/social", { provider: "google", callbackURL: "/dashboard", errorCallbackURL: "/login", ...body });
  const { url } = (await start.json()) as { url: string };
  return { browser, state: new URL(url).searchParams.get("state")! };
}

describe.each(testDialects())("callback redirect codes (spec §8) on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("invalid_callback_request, state_not_found and please_restart_the_process land on the /error page", async () => {
    t = await createSocialAuth(dialect, idp);
    const browser = createTestBrowser(t.auth);
    const tooLong = await browser.get(`/callback/google?state=abc&code=${"x".repeat(5000)}`);
    expect(tooLong.headers.get("location")).toBe("http://localhost:3000/api/auth/error?error=invalid_callback_request");
    const noState = await browser.get("/callback/google?code=abc");
    expect(noState.headers.get("location")).toBe("http://localhost:3000/api/auth/error?error=state_not_found");
    const unknown = await browser.get("/callback/google?code=abc&state=unknownunknownunknownunknown1234");
    expect(unknown.headers.get("location")).toBe("http://localhost:3000/api/auth/error?error=please_restart_the_process");
    const page = await browser.get("/error?error=state_not_found");
    expect(await page.text()).toContain("state_not_found");
  });

  it("passes the provider's own error on to the error URL", async () => {
    t = await createSocialAuth(dialect, idp);
    const { browser, state } = await startOnly(t);
    const denied = await browser.get(`/callback/google?state=${state}&error=access_denied&error_description=The+user+said+no`);
    expect(denied.headers.get("location")).toBe("/login?error=access_denied&error_description=The+user+said+no");
  });

  it("no_code and invalid_code", async () => {
    t = await createSocialAuth(dialect, idp);
    const a = await startOnly(t);
    expect((await a.browser.get(`/callback/google?state=${a.state}`)).headers.get("location")).toBe("/login?error=no_code");
    const c = await startOnly(t);
    expect((await c.browser.get(`/callback/google?state=${c.state}&code=not-a-real-code`)).headers.get("location")).toBe("/login?error=invalid_code");
  });

  it("a state is its provider's: a GitHub flow's code and state at /callback/google reach no token endpoint, nor the reverse", async () => {
    // The state was once not bound to its provider, so Google's token endpoint
    // received GitHub's code with the GitHub flow's PKCE verifier.
    const tokenRequests: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("/token") || url.includes("access_token")) tokenRequests.push(url);
      return fetch(input, init);
    };
    t = await createTestAuth({
      dialect,
      now: new Date(),
      options: {
        fetch: recordingFetch,
        socialProviders: { google: { ...GOOGLE_CLIENT, issuer: idp.issuer }, github: { clientId: "gh-client", clientSecret: "gh-secret" } },
      },
    });
    const github = await startOnly(t, { provider: "github" });
    const atGoogle = await github.browser.get(`/callback/google?state=${github.state}&code=github-code`);
    expect(atGoogle.headers.get("location")).toBe("http://localhost:3000/api/auth/error?error=please_restart_the_process");
    idp.setPerson(person());
    const googleBrowser = createTestBrowser(t.auth);
    const returned = await startFlow(googleBrowser, idp);
    const atGitHub = await googleBrowser.get(`/callback/github${returned.search}`);
    expect(atGitHub.headers.get("location")).toBe("http://localhost:3000/api/auth/error?error=please_restart_the_process");
    expect(tokenRequests).toEqual([]);
    // The right provider's callback still completes the flow it started.
    const again = await runFlow(createTestBrowser(t.auth), idp);
    expect(again.location).toBe("/dashboard");
    expect(tokenRequests).toHaveLength(1);
  });

  it("email_not_found when the provider has no email for the person", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person({ email: undefined }));
    const flow = await runFlow(createTestBrowser(t.auth), idp, { errorCallbackURL: "/login" });
    expect(flow.location).toBe("/login?error=email_not_found");
    expect(await t.database.db.selectFrom("user").selectAll().execute()).toHaveLength(0);
  });

  it("unable_to_get_user_info when the Workspace domain (hd) does not match", async () => {
    t = await createSocialAuth(dialect, idp, {}, { hd: "gatehouse.dev" });
    idp.setPerson(person({ hd: "elsewhere.dev" }));
    const flow = await runFlow(createTestBrowser(t.auth), idp, { errorCallbackURL: "/login" });
    expect(flow.started.url).toContain("hd=gatehouse.dev");
    expect(flow.location).toBe("/login?error=unable_to_get_user_info");
    idp.setPerson(person({ hd: "gatehouse.dev" }));
    expect((await runFlow(createTestBrowser(t.auth), idp)).location).toBe("/dashboard");
  });

  it("signup_disabled, and requestSignUp opens sign-up when only implicit sign-up is disabled", async () => {
    t = await createSocialAuth(dialect, idp, {}, { disableImplicitSignUp: true });
    idp.setPerson(person());
    const refused = await runFlow(createTestBrowser(t.auth), idp, { errorCallbackURL: "/login" });
    expect(refused.location).toBe("/login?error=signup_disabled");
    const asked = await runFlow(createTestBrowser(t.auth), idp, { requestSignUp: true });
    expect(asked.location).toBe("/dashboard");
  });

  it("account_not_linked when an existing user's email is not verified by the provider", async () => {
    t = await createSocialAuth(dialect, idp);
    const owner = createTestBrowser(t.auth);
    await owner.post("/sign-up/email", { name: "Owner", email: "owner@example.com", password: "long enough password" });
    idp.setPerson(person({ email: "owner@example.com", emailVerified: false }));
    const flow: FlowResult = await runFlow(createTestBrowser(t.auth), idp, { errorCallbackURL: "/login" });
    expect(errorOf(flow.location)).toBe("account_not_linked");
    expect(await t.database.db.selectFrom("account").select("providerId").execute()).toEqual([{ providerId: "credential" }]);
  });
});
