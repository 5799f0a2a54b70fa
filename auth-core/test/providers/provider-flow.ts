/**
 * One provider against its stand-in, for the quirk tests beside the contract: an auth instance
 * whose only network is the stand-in, a browser, and the redirect flow (GET or form_post back).
 */
import { createTestAuth, createTestBrowser, TEST_BASE_URL, type TestAuth, type TestBrowser } from "../../src/testing/index.js";
import { createStandIn, type ProviderFixture, type StandIn } from "./stand-in.js";

export interface ProviderFlow {
  t: TestAuth;
  standIn: StandIn;
  browser: TestBrowser;
  /** Signs in through the redirect flow; `extra` are callback parameters the provider adds. */
  run(extra?: Record<string, string>): Promise<{ authorizationURL: URL; location: string }>;
  /** The signed-in person as /get-session answers it. */
  sessionUser(): Promise<{ email: string; emailVerified: boolean; name: string; image: string | null } | null>;
}

export async function startProviderFlow(fixture: ProviderFixture, options: Record<string, unknown> = fixture.options): Promise<ProviderFlow> {
  const t = await createTestAuth({ now: new Date(), options: { socialProviders: { [fixture.id]: options }, socialRequestTimeoutMs: 250 } });
  const standIn = await createStandIn({ ...fixture, options }, () => t.clock.now());
  (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  const browser = createTestBrowser(t.auth);

  async function run(extra: Record<string, string> = {}): Promise<{ authorizationURL: URL; location: string }> {
    const start = await browser.post("/sign-in/social", { provider: fixture.id, callbackURL: "/dashboard" });
    const authorizationURL = new URL(((await start.json()) as { url: string }).url);
    const { code, state } = standIn.authorize(authorizationURL.href);
    const params = new URLSearchParams({ code, state, ...extra });
    let path = `/callback/${fixture.id}?${params.toString()}`;
    if (fixture.callback?.method === "POST") {
      const posted = await t.auth.handler(
        new Request(`${TEST_BASE_URL}/api/auth/callback/${fixture.id}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(fixture.authorize.url).origin },
          body: params.toString(),
        }),
      );
      const again = new URL(posted.headers.get("location") ?? "", TEST_BASE_URL);
      path = `${again.pathname.replace("/api/auth", "")}${again.search}`;
    }
    const callback = await browser.get(path);
    return { authorizationURL, location: callback.headers.get("location") ?? "" };
  }

  async function sessionUser(): Promise<{ email: string; emailVerified: boolean; name: string; image: string | null } | null> {
    const body = (await (await browser.get("/get-session")).json()) as {
      user: { email: string; emailVerified: boolean; name: string; image: string | null };
    } | null;
    return body?.user ?? null;
  }

  return { t, standIn, browser, run, sessionUser };
}
