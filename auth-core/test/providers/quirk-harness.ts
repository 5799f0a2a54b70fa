/**
 * The contract suite's setup for a provider's own quirk tests: a test auth with one provider,
 * the stand-in as its only network, and the redirect flow through `auth.handler`.
 */
import { expect } from "vitest";
import { createTestAuth, createTestBrowser, type TestAuth, type TestBrowser } from "../../src/testing/index.js";
import { createStandIn, type ProviderFixture, type StandIn } from "./stand-in.js";

export interface QuirkHarness {
  t: TestAuth;
  standIn: StandIn;
  browser: TestBrowser;
  /** /sign-in/social, the stand-in's authorization, our callback: the authorization URL and where the callback sent the browser. */
  runFlow(): Promise<{ authorizationURL: URL; location: string }>;
  destroy(): Promise<void>;
}

export async function startQuirkHarness(fixture: ProviderFixture, options: Record<string, unknown> = fixture.options): Promise<QuirkHarness> {
  const t = await createTestAuth({ now: new Date(), options: { socialProviders: { [fixture.id]: options }, socialRequestTimeoutMs: 250 } });
  const standIn = await createStandIn({ ...fixture, options }, () => t.clock.now());
  (t.auth.context as { fetch: typeof fetch }).fetch = standIn.fetch;
  const browser = createTestBrowser(t.auth);
  return {
    t,
    standIn,
    browser,
    async runFlow() {
      const start = await browser.post("/sign-in/social", { provider: fixture.id, callbackURL: "/dashboard" });
      expect(start.status).toBe(200);
      const authorizationURL = new URL(((await start.json()) as { url: string }).url);
      const { code, state } = standIn.authorize(authorizationURL.href);
      const callback = await browser.get(`/callback/${fixture.id}?${new URLSearchParams({ code, state }).toString()}`);
      expect(callback.status).toBe(302);
      return { authorizationURL, location: callback.headers.get("location") ?? "" };
    },
    destroy: () => t.destroy(),
  };
}

/** The signed-in person as /get-session answers, or null. */
export async function sessionUser(browser: TestBrowser): Promise<{ email: string; emailVerified: boolean; name: string; image: string | null } | null> {
  const body = (await (await browser.get("/get-session")).json()) as {
    user: { email: string; emailVerified: boolean; name: string; image: string | null };
  } | null;
  return body?.user ?? null;
}
