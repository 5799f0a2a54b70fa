import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpInBrowser } from "./support/accounts.js";
import { addVirtualAuthenticator, CHROMIUM, openBrowser, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

/**
 * In Chromium against the production build: the Content-Security-Policy
 * (no inline script) holds on every page, through a passkey ceremony in Settings and the Google
 * round trip, with not one violation reported; and the sign-in screen cannot be framed.
 */
describe.skipIf(!CHROMIUM)("browser protections in Chromium", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  const violations: string[] = [];
  beforeAll(async () => {
    server = await startServer();
    browser = await openBrowser();
    // Every document reports its violations to the test, across navigations.
    await browser.context.exposeBinding("__reportCSPViolation", (_source, report: string) => void violations.push(report));
    await browser.context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = `${event.violatedDirective} blocked ${event.blockedURI} on ${document.location.pathname}`;
        (window as unknown as { __reportCSPViolation(r: string): void }).__reportCSPViolation(report);
      });
    });
    browser.page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sends the policy with the app's pages", async () => {
    const answer = await fetch(`${server.baseURL}/login`);
    const csp = answer.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("shows every page, makes the Google round trip and adds a passkey without a single violation", async () => {
    const { page, context } = browser;
    await page.goto(`${server.baseURL}/login`);
    await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
    await signUpInBrowser(context, server.baseURL, { name: "Mary Jackson", email: "mary@example.com", password: "wind tunnel seven" });
    for (const path of ["dashboard", "analytics", "reports", "users", "subscribe", "about", "settings"]) {
      await page.goto(`${server.baseURL}/${path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
    }

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("heading", { name: "Development sign-in" }).waitFor();
    await page.locator('[data-testid="pick-person"]').first().click();
    await page.waitForURL((url) => url.origin === server.baseURL && url.pathname !== "/login");
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    // A passkey ceremony in Settings, just after that sign-in (a fresh session).
    await addVirtualAuthenticator(page);
    await page.goto(`${server.baseURL}/settings`);
    await page.getByRole("heading", { level: 2, name: "Passkeys" }).waitFor();
    await page.getByLabel("Name for the new passkey").fill("Laptop");
    await page.getByRole("button", { name: "Add passkey" }).click();
    await page.getByText("Passkey added.").waitFor();

    expect(violations).toEqual([]);
  });

  it("shows the API reference from the app's own assets, every endpoint, with no violation", async () => {
    const { page } = browser;
    const fromElsewhere: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.baseURL)) fromElsewhere.push(request.url());
    });
    await page.goto(`${server.baseURL}/api/auth/reference`);
    await page.getByText("Gatehouse auth API").first().waitFor();
    await page.getByText("/sign-in/email", { exact: true }).first().waitFor();
    // Swagger UI renders the operations near the view; the document's last tag is reached through
    // its deep link, as a reader would reach it (a new load: Swagger UI reads the link as it starts).
    await page.goto("about:blank");
    await page.goto(`${server.baseURL}/api/auth/reference#/open-api`);
    await page.getByText("/open-api/generate-schema", { exact: true }).first().waitFor();
    expect(fromElsewhere).toEqual([]);
    expect(violations).toEqual([]);
  });

  it("refuses to be framed by another site", async () => {
    const { page } = browser;
    // Chromium reports the refusal on the console of the page that tried to frame us.
    const refusal = page.waitForEvent("console", { predicate: (message) => /frame-ancestors|refused to (display|frame)/i.test(message.text()) });
    await page.setContent(`<iframe id="f" src="${server.baseURL}/login"></iframe>`);
    await refusal;
    const framed = page.frames().find((frame) => frame.url().startsWith(server.baseURL));
    const hasButton = framed ? await framed.getByRole("button", { name: "Sign in with Google" }).count() : 0;
    expect(hasButton).toBe(0);
    violations.length = 0; // the framing refusal is reported by the test's own page, on purpose
  });
});
