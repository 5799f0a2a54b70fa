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
      const methods = page.waitForResponse((r) => r.url().includes("auth.signInMethods"));
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
      await methods;
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

    const panel = () => browser.page.getByRole("region", { name: /email and password|create an account|reset your password/i });

    it("creates an account from the screen, which mails the verification link, and signs the person in", async () => {
      const { page } = browser;
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole("heading", { name: "Sign in with email and password" }).waitFor();
      await screenshot(page, "login-email-on");
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, "login-email-on-mobile");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1280, height: 860 });

      await page.getByRole("button", { name: "Create an account" }).click();
      await page.getByRole("heading", { name: "Create an account" }).waitFor();
      await screenshot(page, "login-create-account");
      await panel().getByLabel("Name").fill(PERSON.name);
      await panel().getByLabel("Email", { exact: true }).fill(PERSON.email);
      await panel().getByLabel("Password").fill(PERSON.password);
      await panel().getByRole("button", { name: "Create account" }).click();
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
      await panel().getByLabel("Email", { exact: true }).fill(PERSON.email);
      await panel().getByLabel("Password").fill("not the password");
      await panel().getByRole("button", { name: "Sign in", exact: true }).click();
      await panel().getByRole("alert").getByText("The email address or the password is wrong.").waitFor();
      await panel().getByLabel("Password").fill(PERSON.password);
      await panel().getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
    });

    it("resets a forgotten password through the mailed link and the reset page, once", async () => {
      const { page } = browser;
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await panel().getByLabel("Email", { exact: true }).fill(PERSON.email);
      await panel().getByRole("button", { name: "Send reset link" }).click();
      await panel().getByText(`If an account uses ${PERSON.email}, a link to choose a new password is on its way there.`).waitFor();

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

      await panel().getByLabel("Email", { exact: true }).fill(PERSON.email);
      await panel().getByLabel("Password").fill("a brand new password");
      await panel().getByRole("button", { name: "Sign in", exact: true }).click();
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
