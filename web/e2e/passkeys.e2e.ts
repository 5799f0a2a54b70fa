import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addVirtualAuthenticator, CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser, type VirtualAuthenticator } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

describe.skipIf(!CHROMIUM)("passkeys in Chromium with the DevTools virtual authenticator", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  let authenticator: VirtualAuthenticator;
  beforeAll(async () => {
    server = await startServer({}, { devIdentityProvider: false });
    browser = await openBrowser();
    authenticator = await addVirtualAuthenticator(browser.page);
    // Chromium's virtual authenticator answers a conditional (autofill) request at once, so a
    // test of the button or of an error message first switches autofill off for the page:
    // the same path as a browser without conditional UI.
    await browser.page.addInitScript(() => {
      if (localStorage.getItem("e2e-no-autofill") === "1") {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      }
    });
  });

  /** From the next page load on; switching it off also takes effect in the page already open. */
  async function setAutofill(enabled: boolean): Promise<void> {
    await browser.page.evaluate((on) => {
      if (on) localStorage.removeItem("e2e-no-autofill");
      else {
        localStorage.setItem("e2e-no-autofill", "1");
        // Else signing out of this page opens /login in it with autofill on, and the virtual
        // authenticator may sign the person straight back in before the test's next step.
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      }
    }, enabled);
  }
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signOut(): Promise<void> {
    const { page } = browser;
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.search === "");
  }

  it("adds a passkey in Settings, renames it, and lists it", async () => {
    const { page, context } = browser;
    await signUpInBrowser(context, server.baseURL, { name: "Ada Lovelace", email: "ada@example.com", password: "analytical engine" });
    await page.goto(`${server.baseURL}/settings`);
    await page.getByRole("heading", { level: 2, name: "Passkeys" }).waitFor();
    await page.getByText("No passkeys yet.").waitFor();

    await page.getByLabel("Name for the new passkey").fill("Laptop");
    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.getByText("Passkey added.").waitFor();
    const list = page.getByRole("list", { name: "Your passkeys" });
    await list.getByText("Laptop").waitFor();
    const stored = await authenticator.credentials();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.isResidentCredential).toBe(true);

    await list.getByRole("button", { name: "Rename Laptop" }).click();
    await page.getByLabel("Passkey name").fill("Work laptop");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await list.getByText("Work laptop").waitFor();
    await screenshot(page, "settings-passkey-added");

    // The same authenticator cannot be registered twice for one person (excludeCredentials).
    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.getByText("previously registered").waitFor();
  });

  it("signs out, then back in with the passkey button, landing on the guarded page it came from", async () => {
    const { page } = browser;
    await setAutofill(false);
    await signOut();
    await page.goto(`${server.baseURL}/settings?from=passkey`);
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("button", { name: "Sign in with passkey" }).click();
    await page.waitForURL((url) => url.pathname === "/settings" && url.search === "?from=passkey");
    await page.getByRole("list", { name: "Active sessions" }).getByText("This device").waitFor();
  });

  it("signs in through the email field's passkey autofill (conditional UI) without a click", async () => {
    const { page } = browser;
    await setAutofill(true);
    await page.reload();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    const options = page.waitForRequest((r) => r.url().endsWith("/api/auth/passkey/generate-authenticate-options"));
    const verified = page.waitForResponse((r) => r.url().endsWith("/api/auth/passkey/verify-authentication"));
    await page.getByRole("button", { name: "Sign out" }).click();
    // The conditional request asks for discoverable credentials: no email in the options call.
    expect((await options).postDataJSON()).toEqual({});
    expect((await verified).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Signed in as").waitFor();
  });

  it("deletes the passkey in Settings; the authenticator's copy then no longer signs in", async () => {
    const { page } = browser;
    await setAutofill(false);
    await page.goto(`${server.baseURL}/settings`);
    const list = page.getByRole("list", { name: "Your passkeys" });
    await list.getByRole("button", { name: "Delete Work laptop" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete passkey" }).click();
    await page.getByText("Passkey deleted.").waitFor();
    await page.getByText("No passkeys yet.").waitFor();

    await signOut();
    await page.getByRole("button", { name: "Sign in with passkey" }).click();
    await page.getByText("No passkey found for this account. Please sign in with Google first.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("says so when the person has no passkey", async () => {
    const { page } = browser;
    await page.getByLabel("Email (optional)").fill("nobody@example.com");
    await page.getByRole("button", { name: "Sign in with passkey" }).click();
    await page.getByText("No passkey found for this account. Please sign in with Google first.").waitFor();
    await screenshot(page, "login-no-passkey");
  });

  it("names a passkey added without a name after its authenticator or this browser, never 'Unnamed passkey' (issue 48)", async () => {
    const other = await openBrowser();
    try {
      const virtual = await addVirtualAuthenticator(other.page);
      await signUpInBrowser(other.context, server.baseURL, { name: "Grace Hopper", email: "grace@example.com", password: "compiler of cobol" });
      await other.page.goto(`${server.baseURL}/settings`);
      await other.page.getByText("No passkeys yet.").waitFor();
      await other.page.getByRole("button", { name: "Add passkey" }).click();
      await other.page.getByText("Passkey added.").waitFor();
      expect(await virtual.credentials()).toHaveLength(1);
      // The DevTools authenticator's AAGUID is in no list: the name is the browser's and system's.
      const item = other.page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
      expect(await item.textContent()).toMatch(/Chrome on Linux/);
      expect(await other.page.getByText("Unnamed passkey").count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
