import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const PERSON = { name: "Mary Jackson", email: "mary@example.com", password: "wind tunnel engineer" };

/** What comes back in the URL is told in words where the person lands, then leaves the address. */
describe.skipIf(!CHROMIUM)("URL outcomes in Chromium against the real server", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const notice = () => browser.page.getByTestId("outcome-notice");

  it("tells each OAuth and verify-email code of spec §8 on /login in words, never the code", async () => {
    const { page } = browser;
    const cases: Array<[string, string]> = [
      ["state_not_found", "The sign-in took too long or was started in another tab. Please start again."],
      ["unable_to_get_user_info", "The provider did not tell us who you are. Please start again."],
      ["account not linked", "An account with this email address already exists."],
      ["access_denied", "You cancelled at the provider, so nothing changed."],
      ["something_unheard_of", "Something went wrong. Please try again."],
    ];
    for (const [code, sentence] of cases) {
      await page.goto(`${server.baseURL}/login?${new URLSearchParams({ error: code, redirect: "/reports" })}`);
      await notice().getByText(sentence).waitFor();
      // The parameter leaves the address; the rest of the query stays.
      await page.waitForURL((url) => !url.searchParams.has("error") && url.searchParams.get("redirect") === "/reports");
      expect(await page.locator("main").textContent()).not.toContain(code);
    }
    await screenshot(page, "outcome-login-unknown");
  });

  it("linking an account with another address lands on /settings with the sentence, not email_doesn't_match", async () => {
    const { page, context } = browser;
    await signUpInBrowser(context, server.baseURL, PERSON);
    await page.goto(`${server.baseURL}/settings`);
    await page.getByRole("region", { name: "Linked accounts" }).getByRole("button", { name: "Link Google" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    const create = page.getByTestId("create-person");
    await create.getByLabel("Email", { exact: true }).fill("someone.else@example.com");
    await create.getByLabel("Name", { exact: true }).fill("Someone Else");
    await create.getByRole("button", { name: "Create and continue" }).click();
    await page.waitForURL((url) => url.pathname === "/settings");
    await notice().getByText("That account uses another email address than yours, so it was not linked.", { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === "/settings" && url.search === "");
    expect(await page.locator("main").textContent()).not.toContain("email_doesn't_match");
    await screenshot(page, "outcome-link-other-address");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseURL}/settings?error=token_expired`);
    await notice().getByText("This link has expired. Ask for a new one from Settings.").waitFor();
    await screenshot(page, "outcome-settings-mobile");
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("an answer the remote-call client cannot read shows the Generic message, not the transport's words", async () => {
    const { page, context } = browser;
    await signUpInBrowser(context, server.baseURL, { name: "Christine Darden", email: "christine@example.com", password: "sonic boom research" });
    // Batched calls name several procedures in one path: match any batch that asks for the analytics.
    const analytics = (url: URL): boolean => url.pathname.startsWith("/api/trpc/") && url.pathname.includes("audit.analytics");
    await page.route(analytics, (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" }));
    // The query is asked 3 more times, 1, 2 and 4 s apart (spec §9), before the page gives up:
    // the page's clock is moved on past each wait instead of the test sitting through them.
    await page.clock.install();
    await page.goto(`${server.baseURL}/analytics`);
    const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
    await expect
      .poll(async () => {
        await page.clock.fastForward(2_000);
        return alert.count();
      })
      .toBeGreaterThan(0)
      .catch(async (error: unknown) => {
        await screenshot(page, "outcome-analytics-failed");
        throw error;
      });
    await alert.getByText("Something went wrong. Please try again.").waitFor();
    expect(await alert.textContent()).not.toMatch(/Unable to transform|502|Bad gateway/);
    await screenshot(page, "outcome-analytics-generic");
    await page.unroute(analytics);
  });
});
