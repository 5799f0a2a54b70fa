/**
 * One provider against its stand-in, for the quirk tests beside the contract suite (what a
 * fixture cannot express: Apple's form_post, TikTok's client_key, VK's device_id, …): an auth
 * instance whose only network is the stand-in, a browser, and the redirect flow through
 * `auth.handler` (GET back, or form_post re-issued as a GET).
 */
import { expect } from "vitest";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, type TestAuth, type TestBrowser } from "../../testing/index.js";
import { createStandIn, type ProviderFixture, type StandIn } from "./stand-in.js";

export interface ProviderFlow {
  t: TestAuth;
  standIn: StandIn;
  browser: TestBrowser;
  /** /sign-in/social, the stand-in's authorization, our callback with `extra` parameters: the authorization URL and the callback's Location. */
  run(extra?: Record<string, string>): Promise<{ authorizationURL: URL; location: string }>;
  /** The signed-in person as /get-session answers it, or null. */
  sessionUser(): Promise<{ email: string; emailVerified: boolean; name: string; image: string | null } | null>;
  destroy(): Promise<void>;
}

/**
 * `options` are what the integrator passes (default: the fixture's). `standInChecks` says whose
 * client id and secret the stand-in expects: the given options (default), or the fixture's (a
 * test that gives options the provider must translate, such as TikTok's clientKey).
 */
export async function startProviderFlow(
  fixture: ProviderFixture,
  options: Record<string, unknown> = fixture.options,
  standInChecks: "options" | "fixture" = "options",
): Promise<ProviderFlow> {
  const t = await createTestAuth({ now: new Date(), options: { socialProviders: { [fixture.id]: options }, socialRequestTimeoutMs: 250 } });
  const standIn = await createStandIn(standInChecks === "options" ? { ...fixture, options } : fixture, () => t.clock.now());
  (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  const browser = createTestBrowser(t.auth);

  async function run(extra: Record<string, string> = {}): Promise<{ authorizationURL: URL; location: string }> {
    const start = await browser.post("/sign-in/social", { provider: fixture.id, callbackURL: "/dashboard" });
    expect(start.status).toBe(200);
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
    expect(callback.status).toBe(302);
    return { authorizationURL, location: callback.headers.get("location") ?? "" };
  }

  async function sessionUser(): Promise<{ email: string; emailVerified: boolean; name: string; image: string | null } | null> {
    const body = (await (await browser.get("/get-session")).json()) as {
      user: { email: string; emailVerified: boolean; name: string; image: string | null };
    } | null;
    return body?.user ?? null;
  }

  return { t, standIn, browser, run, sessionUser, destroy: () => t.destroy() };
}
