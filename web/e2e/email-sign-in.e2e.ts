import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const PERSON = { name: "Katherine Johnson", email: "katherine@example.com", password: "orbital mechanics 62" };

describe.skipIf(!CHROMIUM)("sign-in methods as the operator chooses, in Chromium against the real server", () => {
  describe("default (EMAIL_SIGN_IN unset)", () => {
    let server: RunningServer;
    let browser: TestBrowser;
    beforeAll(async () => {
      server = await startServer({}, { devIdentityProvider: false });
      browser = await openBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it("shows spec §1's screen: Google and passkey, no password field, nothing about creating an account", async () => {
      const { page } = browser;
      // The page itself says what the server offers (server/src/spa-shell.ts): no question to wait for.
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
      expect(await page.evaluate(() => JSON.parse(document.getElementById("gatehouse-config")?.textContent ?? "{}").signIn)).toEqual({ email: false });
      await page.getByRole("button", { name: "Sign in with passkey" }).waitFor();
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      expect(await page.getByRole("button", { name: /create an account|forgot password/i }).count()).toBe(0);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign in to Gatehouse");
      // "Email (optional)" says what it is for.
      await page.getByLabel("Email (optional), for a passkey on another device or a security key", { exact: true }).waitFor();
    });
  });

  describe("EMAIL_SIGN_IN=on", () => {
    let server: RunningServer;
    let browser: TestBrowser;
    beforeAll(async () => {
      server = await startServer({ EMAIL_SIGN_IN: "on" }, { devIdentityProvider: false });
      browser = await openBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    /** Identifier first (issue 48): the one email field, Continue, then the ways in for that address. */
    async function continueAs(email: string): Promise<void> {
      const { page } = browser;
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "How do you want to sign in?" }).waitFor();
    }
    const ways = () => browser.page.getByRole("region", { name: /how do you want to sign in|reset your password/i });

    it("creates an account on its own screen, which mails the verification link, says so, and signs the person in", async () => {
      const { page } = browser;
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole("button", { name: "Continue" }).waitFor();
      // One email field on the card (issue 48: there were two), and the line under the heading names email.
      expect(await page.locator('input[type="email"]').count()).toBe(1);
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      await page.getByText("Use your email address, an account you already have, or a passkey saved on this device.").waitFor();
      await screenshot(page, "login-email-on");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "login-email-on-mobile");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByRole("link", { name: "Create an account" }).click();
      await page.waitForURL((url) => url.pathname === "/sign-up");
      // Its own screen and heading, and the button above the fold at 1280×800.
      await page.getByRole("heading", { level: 1, name: "Create your Gatehouse account" }).waitFor();
      expect(await page.title()).toBe("Create an account · Gatehouse");
      // The password's rules before submit, checked as the person types.
      const rules = page.locator("#sign-up-password-rules li");
      expect(await rules.allTextContents()).toEqual([
        "At least 8 characters",
        "At most 128 characters",
        "Not a common password: we check a list of leaked ones",
      ]);
      await page.getByLabel("Name").fill(PERSON.name);
      await page.getByLabel("Email", { exact: true }).fill(PERSON.email);
      await page.getByLabel("Password", { exact: true }).fill(PERSON.password);
      expect(await rules.first().getAttribute("data-met")).toBe("true");
      // Show password.
      expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("password");
      await page.getByRole("button", { name: "Show" }).click();
      expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
      expect(await page.getByRole("button", { name: "Hide" }).getAttribute("aria-pressed")).toBe("true");
      const submit = page.getByRole("button", { name: "Create account" });
      const box = await submit.boundingBox();
      expect(box && box.y + box.height <= 800).toBe(true);
      await screenshot(page, "login-create-account");
      await submit.click();
      // Then "Check your inbox" (issue 48: sign-up never said so).
      await page.getByRole("heading", { level: 1, name: "Check your inbox" }).waitFor();
      await page.getByText(`We sent a link to ${PERSON.email}.`, { exact: false }).waitFor();
      await screenshot(page, "sign-up-check-inbox");
      await page.getByRole("button", { name: "Continue to Gatehouse" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await page.getByRole("main").getByText(PERSON.name).first().waitFor();
      // Spec §4: the verification mail of sign-up; its link verifies the address.
      await page.goto(await mailedLink(server, PERSON.email, /^Verify your email/));
      await page.waitForURL((url) => url.pathname === "/settings");
      await page.getByRole("region", { name: "Email" }).getByText("Verified", { exact: true }).waitFor();
      // Settings speaks of the password as a way to sign in.
      await page.getByRole("region", { name: "Password" }).getByText("Change the password you use with your email address.").waitFor();
    });

    it("signs out, refuses a wrong password in words, and signs in with the right one", async () => {
      const { page } = browser;
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await continueAs(PERSON.email);
      await ways().getByText(`As ${PERSON.email}`).waitFor();
      await ways().getByLabel("Password", { exact: true }).fill("not the password");
      await ways().getByRole("button", { name: "Sign in", exact: true }).click();
      await ways().getByRole("alert").getByText("The email address or the password is wrong.").waitFor();
      await ways().getByLabel("Password", { exact: true }).fill(PERSON.password);
      await ways().getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
    });

    it("resets a forgotten password through the mailed link and the reset page, once", async () => {
      const { page } = browser;
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await continueAs(PERSON.email);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await ways().getByRole("button", { name: "Send reset link" }).click();
      await ways().getByText(`If an account uses ${PERSON.email}, a link to choose a new password is on its way there.`).waitFor();

      const link = await mailedLink(server, PERSON.email, /^Reset your/);
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === "/reset-password");
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      // The token left the address bar.
      expect(new URL(page.url()).search).toBe("");
      await screenshot(page, "reset-password");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "reset-password-mobile");
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.getByLabel("New password", { exact: true }).fill("a brand new password");
      await page.getByLabel("Repeat the new password").fill("a different one");
      await page.getByRole("button", { name: "Save new password" }).click();
      await page.getByRole("alert").getByText("The two passwords are not the same.").waitFor();
      await page.getByLabel("Repeat the new password").fill("a brand new password");
      await page.getByRole("button", { name: "Save new password" }).click();
      await page.waitForURL((url) => url.pathname === "/login");

      await continueAs(PERSON.email);
      await ways().getByLabel("Password", { exact: true }).fill("a brand new password");
      await ways().getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");

      // The link worked once: the second visit is told it is no longer valid.
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === "/reset-password");
      await page.getByRole("alert").getByText("This link is invalid or has expired. Ask for a new one.").waitFor();
      expect(new URL(page.url()).search).toBe("");
      await screenshot(page, "reset-password-invalid");
    });
  });
});
