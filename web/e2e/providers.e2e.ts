import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

describe.skipIf(!CHROMIUM)("another provider through the development identity provider (DEV_IDP_PROVIDERS=github)", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  const consoleErrors: string[] = [];
  const failedResponses: string[] = [];
  beforeAll(async () => {
    server = await startServer({ DEV_IDP_PROVIDERS: "github" });
    expect(server.output()).toContain("the development identity provider stands in for these providers");
    browser = await openBrowser();
    browser.page.on("console", (message) => {
      // Failed loads are checked by URL below (the development provider has no favicon).
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) consoleErrors.push(message.text());
    });
    browser.page.on("response", (response) => {
      if (response.status() >= 400 && response.url().startsWith(server.baseURL)) failedResponses.push(`${response.status()} ${response.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows exactly the enabled providers' buttons, Google first", async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/login`);
    const group = page.getByLabel("Sign in with an account you have");
    await group.getByRole("button", { name: "Sign in with GitHub" }).waitFor();
    expect(await group.getByRole("button").allTextContents()).toEqual(["Sign in with Google", "Sign in with GitHub"]);
    await page.getByText("Use your Google or GitHub account or a passkey saved on this device.").waitFor();
    await screenshot(page, "login-providers");
    // The list is the server's: the same two, from the public query the screen uses.
    const listed = await page.evaluate(async () => (await fetch("/api/trpc/auth.providers?batch=1&input=%7B%7D")).json());
    expect(listed).toEqual([
      {
        result: {
          data: [
            { id: "google", name: "Google" },
            { id: "github", name: "GitHub" },
          ],
        },
      },
    ]);
  });

  it("signs a new person in with the GitHub button, end to end, and Settings lists the GitHub account", async () => {
    const { page } = browser;
    await page.getByRole("button", { name: "Sign in with GitHub" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    await page.getByText("standing in for GitHub").waitFor();
    await screenshot(page, "dev-idp-github");
    const form = page.locator('[data-testid="create-person"]');
    await form.locator('input[name="email"]').fill("octo@example.com");
    await form.locator('input[name="name"]').fill("Octo Cat");
    await form.getByRole("button", { name: "Create and continue" }).click();

    // No redirect was asked for: back to /login, which sends a signed-in person to /subscribe (spec §2).
    await page.waitForURL((url) => url.pathname === "/subscribe");
    await page.goto(`${server.baseURL}/settings`);
    const accounts = page.getByRole("list", { name: "Linked accounts" });
    await accounts.getByText("GitHub").waitFor();
    await page.getByText("octo@example.com").first().waitFor();
    const section = page.getByRole("region", { name: "Linked accounts" });
    await section.getByRole("button", { name: "Link Google", exact: true }).waitFor();
    expect(await section.getByRole("button", { name: "Link GitHub", exact: true }).count()).toBe(0);
    await screenshot(page, "settings-github-account");

    const session = await page.evaluate(async () => (await fetch("/api/auth/list-accounts", { credentials: "include" })).json());
    expect((session as Array<{ providerId: string }>).map((a) => a.providerId)).toEqual(["github"]);
    // Nothing refused by the Content Security Policy, no other console error, no failed call to the app.
    expect(consoleErrors).toEqual([]);
    expect(failedResponses).toEqual([]);
  });
});
