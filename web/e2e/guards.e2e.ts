import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signUpInBrowser } from "./support/accounts.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

describe.skipIf(!CHROMIUM)("route guards in Chromium against the real server", () => {
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

  it("sends a guarded URL to /login with the path and query kept as redirect", async () => {
    const { page } = browser;
    await page.goto(`${server.baseURL}/settings?tab=sessions`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/settings?tab=sessions");
    // The login screen's buttons may render after the URL changes: wait for them to be shown.
    await page.getByRole("button", { name: "Sign in with Google" }).waitFor();
    await page.getByRole("button", { name: "Sign in with passkey" }).waitFor();
    await screenshot(page, "login");

    await page.goto(`${server.baseURL}/`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/");
  });

  it("serves every page to a signed-in person, sends / to /dashboard and /login to /subscribe", async () => {
    const { page, context } = browser;
    await signUpInBrowser(context, server.baseURL, { name: "Grace Hopper", email: "grace@example.com", password: "correct horse battery" });

    await page.goto(`${server.baseURL}/`);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByText("Signed in as").waitFor();

    await page.goto(`${server.baseURL}/login?redirect=/settings`);
    await page.waitForURL((url) => url.pathname === "/subscribe");

    const pages = [
      ["dashboard", "Dashboard"],
      ["analytics", "Analytics"],
      ["reports", "Reports"],
      ["users", "Users"],
      ["subscribe", "Subscribe"],
      ["settings", "Settings"],
      ["about", "About"],
    ] as const;
    const remoteCall = page.waitForRequest((r) => r.url().includes("/api/trpc/"));
    for (const [path, title] of pages) {
      // Through the navigation, as a person would.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: title }).click();
      await page.waitForURL((url) => url.pathname === `/${path}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      if (path === "about") await page.getByTestId("health-http").getByText("up", { exact: false }).waitFor();
      if (path === "settings") await page.getByRole("list", { name: "Active sessions" }).getByText("This device").waitFor();
      await screenshot(page, path);
    }
    // The About page's two checks answer independently: its remote call may still be on its way.
    await expect.poll(() => page.getByTestId("health-trpc").textContent()).toBe("up");
    // Spec §7: batched GET with the source header.
    const request = await remoteCall;
    expect(new URL(request.url()).searchParams.get("batch")).toBe("1");
    expect(request.headers()["x-trpc-source"]).toBe("react-app");
  });

  it("lays out for a phone, and every control is reachable with the keyboard", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseURL}/settings`);
    await page.getByRole("list", { name: "Active sessions" }).getByText("This device").waitFor();
    await screenshot(page, "settings-mobile");
    // No horizontal scrolling of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The first Tab lands on the skip link, which is then visible; Enter moves focus to the page.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await screenshot(page, "skip-link-focused");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    // Focus is visible: the focused control draws an outline.
    await page.getByRole("button", { name: "Save profile" }).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe("solid");
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
