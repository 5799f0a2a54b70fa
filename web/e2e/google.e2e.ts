import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

describe.skipIf(!CHROMIUM)("Google sign-in through the development identity provider", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    // No Google credentials: npm start's server runs the development identity provider.
    server = await startServer();
    expect(server.output()).toContain("development identity provider listening");
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("returns to the guarded URL the person first asked for", async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/settings?section=accounts`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();

    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    await screenshot(page, "dev-idp-sign-in");
    await page.locator('[data-testid="pick-person"][data-email="ada@example.com"]').click();

    await page.waitForURL((url) => url.pathname === "/settings" && url.search === "?section=accounts");
    const accounts = page.getByRole("list", { name: "Linked accounts" });
    await accounts.getByText("Google").waitFor();
    expect(await page.getByText("ada@example.com").first().isVisible()).toBe(true);
  });

  it("does not offer to unlink the only sign-in method, and says why", async () => {
    const { page } = browser;
    const accounts = page.getByRole("list", { name: "Linked accounts" });
    await accounts.getByText("This is your only linked sign-in method, so it can't be unlinked. Link another one first.").waitFor();
    expect(await page.getByRole("button", { name: "Unlink Google" }).count()).toBe(0);
    await screenshot(page, "settings-google-account");
  });

  it("offers no first password by default: the sign-in screen has no password field to use it in", async () => {
    const { page } = browser;
    const password = page.getByRole("region", { name: "Password" });
    await password.getByText("This service's sign-in screen does not use passwords, so there is none to set.").waitFor();
    expect(await password.getByRole("button", { name: "Set password" }).count()).toBe(0);
    expect(await password.locator('input[type="password"]').count()).toBe(0);
  });

  it("without a redirect, comes back to /login, which sends the signed-in person to /subscribe", async () => {
    const { page } = browser;
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    const create = page.getByTestId("create-person");
    await create.getByLabel("Email", { exact: true }).fill("new.person@example.com");
    await create.getByLabel("Name", { exact: true }).fill("New Person");
    await create.getByRole("button", { name: "Create and continue" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe");
    await page.getByRole("heading", { level: 1, name: "Subscribe" }).waitFor();
    // The person's name is the tooltip of their initials in the header (the name itself shows from 1600 px).
    await page.locator('.account-menu .who-with-avatar[title^="New Person ("]').waitFor();
  });

  it("shows the provider's refusal on the login screen when the person cancels", async () => {
    const { page } = browser;
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByTestId("cancel").click();
    // Cancel at the provider is told as a cancellation, not as a failure, and leaves the address.
    await page.getByRole("status").getByText("You cancelled at the provider, so nothing changed.").waitFor();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await screenshot(page, "login-google-cancelled");
  });
});
