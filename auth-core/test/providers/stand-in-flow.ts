/**
 * The redirect flow of one provider against its stand-in, for the quirk tests beside the contract
 * suite (what a fixture cannot express: TikTok's client_key, VK's device_id, …).
 */
import { createTestAuth, createTestBrowser, type TestAuth, type TestBrowser } from "../../src/testing/index.js";
import { createStandIn, type ProviderFixture, type StandIn } from "./stand-in.js";

export interface StandInFlow {
  t: TestAuth;
  standIn: StandIn;
  browser: TestBrowser;
  /** /sign-in/social, the stand-in's authorization, and our callback with `extra` parameters; the callback's Location. */
  signIn(extra?: Record<string, string>): Promise<{ authorizationURL: URL; location: string }>;
  destroy(): Promise<void>;
}

/**
 * `options` are what the integrator passes (default: the fixture's); the stand-in keeps checking
 * the fixture's client id and secret.
 */
export async function startStandInFlow(fixture: ProviderFixture, options: Record<string, unknown> = fixture.options): Promise<StandInFlow> {
  const t = await createTestAuth({ now: new Date(), options: { socialProviders: { [fixture.id]: options }, socialRequestTimeoutMs: 250 } });
  const standIn = await createStandIn(fixture, () => t.clock.now());
  (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  const browser = createTestBrowser(t.auth);
  return {
    t,
    standIn,
    browser,
    async signIn(extra = {}) {
      const start = await browser.post("/sign-in/social", { provider: fixture.id, callbackURL: "/dashboard" });
      const authorizationURL = new URL(((await start.json()) as { url: string }).url);
      const { code, state } = standIn.authorize(authorizationURL.href);
      const callback = await browser.get(`/callback/${fixture.id}?${new URLSearchParams({ code, state, ...extra }).toString()}`);
      return { authorizationURL, location: callback.headers.get("location") ?? "" };
    },
    destroy: () => t.destroy(),
  };
}
