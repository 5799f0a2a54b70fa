import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const PERSON = { name: "Grace Hopper", email: "grace@example.com", password: "compiler cobol" };

describe.skipIf(!CHROMIUM)("API keys in Settings, in Chromium against the real server", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startServer({}, { devIdentityProvider: false });
    browser = await openBrowser();
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseURL });
    await signUpInBrowser(browser.context, server.baseURL, PERSON);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const sessionWithKey = (key: string) => fetch(`${server.baseURL}/api/auth/get-session`, { headers: { "x-api-key": key } });

  it("creates a key, copies it once, and deletes it after confirming", async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/settings#api-keys`);
    const keys = page.getByRole("region", { name: "API keys" });
    await keys.getByText("No API keys yet.").waitFor();
    await keys.getByLabel("Name of the new key").fill("Nightly export");
    await keys.getByLabel("Expires after").selectOption({ label: "90 days" });
    await keys.getByRole("button", { name: "Create API key" }).click();

    const secret = keys.getByLabel("API key “Nightly export”");
    await secret.waitFor();
    const key = await secret.inputValue();
    expect(key).toMatch(/^[A-Za-z]{64}$/);
    await keys.getByRole("button", { name: "Copy key" }).click();
    await keys.getByText("Copied to the clipboard.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, "settings-api-key-created");

    // The key stands for Grace on get-session.
    const session = (await (await sessionWithKey(key)).json()) as { user: { email: string } };
    expect(session.user.email).toBe(PERSON.email);

    await keys.getByRole("button", { name: "Done" }).click();
    await expect(secret.count()).resolves.toBe(0);
    // After a reload the list shows the key by its start, with the use just made.
    await page.reload();
    const list = page.getByRole("list", { name: "Your API keys" });
    await list.getByText("Nightly export").waitFor();
    await list.getByText(`${key.slice(0, 6)}…`).waitFor();
    await list.getByText(/last used/).waitFor();
    await list.getByText(/expires/).waitFor();
    // Nowhere on the page any more: shown once.
    expect(await page.content()).not.toContain(key);

    await page.getByRole("button", { name: "Delete Nightly export" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this API key?" });
    await confirm.getByText(/Everything using it stops working/).waitFor();
    await confirm.getByRole("button", { name: "Delete key" }).click();
    await page.getByRole("region", { name: "API keys" }).getByText("No API keys yet.").waitFor();
    expect((await sessionWithKey(key)).status).toBe(401);
  });
});
