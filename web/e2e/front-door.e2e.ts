import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";
import { signUpInBrowser } from "./support/accounts.js";
import { CONTRACT_LOGIN_STRINGS as LOGIN } from "./support/contract-login-strings.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

describe.skipIf(!CHROMIUM)("the front door in Chromium against the real server: languages and the team's brand (issue 48)", () => {
  describe("languages (default settings)", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({}, { devIdentityProvider: false });
    });
    afterAll(async () => server?.stop());

    for (const [locale, words] of [
      ["de-DE", LOGIN.de],
      ["fr-FR", LOGIN.fr],
      ["es-ES", LOGIN.es],
      ["ja-JP", LOGIN.ja],
    ] as const) {
      it(`follows a ${locale} browser: the contract's title, heading and buttons, <html lang>, no English button`, async () => {
        const browser = await openBrowser({ locale });
        try {
          const { page } = browser;
          await page.goto(`${server.baseURL}/login`);
          await page.getByRole("heading", { level: 1, name: words.heading, exact: true }).waitFor();
          expect(await page.title()).toBe(words.title);
          expect(await page.locator("html").getAttribute("lang")).toBe(locale.slice(0, 2));
          await page.getByRole("button", { name: words.google, exact: true }).waitFor();
          await page.getByRole("button", { name: words.passkey, exact: true }).waitFor();
          const buttons = await page.getByRole("button").allTextContents();
          expect(buttons.filter((text) => /^(Sign in with .*|Continue|Sign in|Waiting for your passkey…)$/.test(text.trim()))).toEqual([]);
          expect((await browser.context.cookies()).find((c) => c.name === "locale")?.value).toBe(locale.slice(0, 2));
        } finally {
          await browser.close();
        }
      });
    }

    it("falls back to English for a language it does not have (it-IT), and the switcher changes and keeps the language", async () => {
      const browser = await openBrowser({ locale: "it-IT" });
      try {
        const { page } = browser;
        await page.goto(`${server.baseURL}/login`);
        await page.getByRole("heading", { level: 1, name: "Sign in to Gatehouse", exact: true }).waitFor();
        expect(await page.locator("html").getAttribute("lang")).toBe("en");
        await page.getByLabel("Language").selectOption("fr");
        await page.getByRole("heading", { level: 1, name: LOGIN.fr.heading, exact: true }).waitFor();
        expect(await page.title()).toBe(LOGIN.fr.title);
        expect((await browser.context.cookies()).find((c) => c.name === "locale")?.value).toBe("fr");
        await page.reload();
        await page.getByRole("heading", { level: 1, name: LOGIN.fr.heading, exact: true }).waitFor();
        await page.getByLabel("Langue").selectOption("en");
        await page.getByRole("heading", { level: 1, name: "Sign in to Gatehouse", exact: true }).waitFor();
      } finally {
        await browser.close();
      }
    });

    it("answers an unknown address with a real Page not found when signed out, in the person's language", async () => {
      const browser = await openBrowser({ locale: "de-DE" });
      try {
        const { page } = browser;
        await page.goto(`${server.baseURL}/no-such-page`);
        await page.getByRole("heading", { level: 1, name: "Seite nicht gefunden" }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/no-such-page");
        await page.getByRole("link", { name: "Zur Anmeldeseite" }).click();
        await page.waitForURL((url) => url.pathname === "/login");
      } finally {
        await browser.close();
      }
    });
  });

  describe("the team's brand (APP_NAME, APP_LOGO_URL, APP_ACCENT_COLOR) with EMAIL_SIGN_IN=on", () => {
    let server: RunningServer;
    let browser: TestBrowser;
    beforeAll(async () => {
      server = await startServer(
        { APP_NAME: "Acme Cloud", APP_LOGO_URL: "/provider-marks/github.svg", APP_ACCENT_COLOR: "#0a7d32", EMAIL_SIGN_IN: "on" },
        { devIdentityProvider: false },
      );
      browser = await openBrowser({ locale: "de-DE" });
      // Every title and first-level heading the page ever shows, from the first byte on: "Gatehouse" must never flash.
      await browser.context.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seenNames: string[] }).seenNames = seen;
        new MutationObserver(() => {
          seen.push(document.title);
          for (const heading of document.querySelectorAll("h1, .brand")) seen.push(heading.textContent ?? "");
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it("shows the team's name, logo and colour on the sign-in screen from the first paint, never Gatehouse", async () => {
      const { page } = browser;
      await page.goto(`${server.baseURL}/login`);
      await page.getByRole("heading", { level: 1, name: "Bei Acme Cloud anmelden", exact: true }).waitFor();
      expect(await page.title()).toBe("Anmelden · Acme Cloud");
      expect(await page.locator(".login-card img.brand-logo").getAttribute("src")).toBe("/provider-marks/github.svg");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim())).toBe("#0a7d32");
      const seen = await page.evaluate(() => (window as unknown as { seenNames: string[] }).seenNames);
      expect(seen.filter((text) => text.includes("Gatehouse"))).toEqual([]);
      expect(await page.content()).not.toContain("Gatehouse");
      await screenshot(page, "login-brand-de");
    });

    it("carries it into sign-up, the header and every page title", async () => {
      const { page } = browser;
      await page.getByRole("link", { name: "Konto erstellen" }).click();
      await page.getByRole("heading", { level: 1, name: "Ihr Acme Cloud-Konto erstellen" }).waitFor();
      expect(await page.title()).toBe("Konto erstellen · Acme Cloud");
      await signUpInBrowser(browser.context, server.baseURL, { name: "Grace Hopper", email: "grace@example.com", password: "compiler pioneer 59" });
      await page.goto(`${server.baseURL}/dashboard`);
      await page.getByRole("banner").getByRole("link", { name: "Acme Cloud" }).waitFor();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Einstellungen" }).waitFor();
      expect(await page.title()).toBe("Übersicht · Acme Cloud");
      await page.getByRole("banner").getByRole("button", { name: "Abmelden" }).waitFor();
      const seen = await page.evaluate(() => (window as unknown as { seenNames: string[] }).seenNames);
      expect(seen.filter((text) => text.includes("Gatehouse"))).toEqual([]);
      await screenshot(page, "dashboard-brand-de");
    });
  });

  describe("the mailed link and the mailed code as ways in (MAGIC_LINK=on, EMAIL_OTP=on)", () => {
    let server: RunningServer;
    let browser: TestBrowser;
    const EMAIL = "mary.jackson@example.com";
    beforeAll(async () => {
      server = await startServer({ MAGIC_LINK: "on", EMAIL_OTP: "on" }, { devIdentityProvider: false });
      browser = await openBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    async function continueAs(email: string): Promise<void> {
      const { page } = browser;
      await page.goto(`${server.baseURL}/login?redirect=%2Fsettings`);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "How do you want to sign in?" }).waitFor();
    }

    it("offers no password (EMAIL_SIGN_IN is off), mails a sign-in link, and the link signs the person in at the redirect", async () => {
      const { page } = browser;
      await continueAs(EMAIL);
      expect(await page.locator('input[type="password"]').count()).toBe(0);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await page.getByText(`Check your inbox: if ${EMAIL} can sign in here, a sign-in link is on its way.`, { exact: false }).waitFor();
      await page.goto(await mailedLink(server, EMAIL, /sign-in link/));
      await page.waitForURL((url) => url.pathname === "/settings");
      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/login");
    });

    it("mails a six-digit code, refuses a wrong one in words, and signs in with the right one", async () => {
      const { page } = browser;
      await continueAs(EMAIL);
      await page.getByRole("button", { name: "Email me a sign-in code" }).click();
      await page.getByText(`We sent a six-digit code to ${EMAIL}.`, { exact: false }).waitFor();
      await server.until(() => server.outbox().some((m) => m.to === EMAIL && /sign-in code/.test(m.subject)), "the code's mail");
      const mail = server
        .outbox()
        .filter((m) => m.to === EMAIL && /sign-in code/.test(m.subject))
        .at(-1)!;
      const code = /\b\d{6}\b/.exec(mail.text)![0];
      await page.getByLabel("Code from the mail").fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("alert").getByText("This code is not right, or it was already used. Check the latest mail.").waitFor();
      await screenshot(page, "login-code-wrong");
      await page.getByLabel("Code from the mail").fill(code);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/settings");
    });
  });
});
