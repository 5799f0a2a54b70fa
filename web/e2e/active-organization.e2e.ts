import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signInInBrowser, signUpInBrowser } from "./support/accounts.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const PERSON = { name: "Evelyn Boyd Granville", email: "evelyn@example.com", password: "project mercury orbits" };

/** The organization a person last worked in is set on every new session. */
describe.skipIf(!CHROMIUM)("the remembered active organization in Chromium against the real server", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  let other: TestBrowser;
  beforeAll(async () => {
    server = await startServer({}, { devIdentityProvider: false });
    browser = await openBrowser();
    other = await openBrowser();
    await signUpInBrowser(browser.context, server.baseURL, PERSON);
  });
  afterAll(async () => {
    await other?.close();
    await browser?.close();
    await server?.stop();
  });

  async function post(context: BrowserContext, path: string, data: unknown): Promise<{ id?: string }> {
    const response = await context.request.post(`${server.baseURL}/api/auth${path}`, { data, headers: { origin: server.baseURL } });
    expect(response.status()).toBe(200);
    return (await response.json()) as { id?: string };
  }

  it("survives signing out and in, and holds on a second device", async () => {
    const { page, context } = browser;
    await post(context, "/organization/create", { name: "Analysis Division", slug: "analysis-division" });
    await post(context, "/organization/create", { name: "Flight Research", slug: "flight-research" });
    // The person switches back to the first one in the header.
    await page.goto(`${server.baseURL}/dashboard`);
    await page.locator("#org-switcher-select").selectOption({ label: "Analysis Division" });
    await page.getByTestId("organization-name").getByText("Analysis Division").waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await signInInBrowser(context, server.baseURL, PERSON);
    await page.goto(`${server.baseURL}/subscribe`);
    await page.getByRole("heading", { level: 1, name: "Subscribe" }).waitFor();
    await page.locator("main").getByText("Analysis Division").first().waitFor();
    expect(await page.getByRole("heading", { name: "Create your organization" }).count()).toBe(0);
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByTestId("organization-name").getByText("Analysis Division").waitFor();

    await signInInBrowser(other.context, server.baseURL, PERSON);
    await other.page.goto(`${server.baseURL}/dashboard`);
    await other.page.getByTestId("organization-name").getByText("Analysis Division").waitFor();
  });

  it("offers a person with organizations but none active a choice, not 'create your organization'", async () => {
    const { page, context } = browser;
    await post(context, "/organization/set-active", { organizationId: null });
    await page.goto(`${server.baseURL}/subscribe`);
    await page.getByRole("heading", { name: "Choose an organization" }).waitFor();
    expect(await page.getByRole("heading", { name: "Create your organization" }).count()).toBe(0);
    await screenshot(page, "subscribe-choose-organization");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "subscribe-choose-organization-mobile");
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole("button", { name: "Work in Flight Research" }).click();
    await page.locator("main").getByText("Flight Research").first().waitFor();
    await page.getByRole("heading", { name: "Choose an organization" }).waitFor({ state: "detached" });
  });
});
