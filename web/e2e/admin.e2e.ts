import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { signInInBrowser, signUpInBrowser } from "./support/accounts.js";
import { mailedLink, startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

const OPERATOR = { name: "Olive Operator", email: "ops@example.com", password: "lighthouse keeper" };
const PAT = { name: "Pat Person", email: "pat@example.com", password: "garden of forking paths" };

/** The header's visible items, left to right: none may overlap the next (the admin's bar has one link more). */
async function headerOverlaps(page: Page, { oneRow }: { oneRow: boolean }): Promise<string[]> {
  return page.evaluate((oneRow) => {
    const header = document.querySelector("header.topbar")!;
    const boxes = [...header.querySelectorAll(".brand, nav a, #org-switcher-select, .org-switcher button, .account-menu .who, .account-menu button")]
      .map((el) => ({ name: el.textContent?.trim() || el.id, rect: el.getBoundingClientRect() }))
      .filter((b) => b.rect.height > 0);
    const problems: string[] = [];
    // No two items cover each other (the bar may take two rows below 1280 px).
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!.rect, boxes[j]!.rect];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
          problems.push(`${boxes[i]!.name} / ${boxes[j]!.name}`);
      }
    if (Math.max(...boxes.map((b) => b.rect.right)) > window.innerWidth) problems.push("past the right edge");
    if (oneRow && Math.max(...boxes.map((b) => b.rect.top)) >= Math.min(...boxes.map((b) => b.rect.bottom))) problems.push("more than one row");
    return problems;
  }, oneRow);
}

/**
 * The admin console in Chromium: the operator named by ADMIN_EMAILS verifies their address and gets the
 * console; they find a person, ban and unban them, act as them (the banner on every page) and stop.
 */
describe.skipIf(!CHROMIUM)("the admin console in Chromium", () => {
  let server: RunningServer;
  let admin: TestBrowser;
  let pat: TestBrowser;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAILS: OPERATOR.email }, { devIdentityProvider: false });
    admin = await openBrowser();
    pat = await openBrowser();
    await signUpInBrowser(admin.context, server.baseURL, OPERATOR);
    await signUpInBrowser(pat.context, server.baseURL, PAT);
  });
  afterAll(async () => {
    await admin?.close();
    await pat?.close();
    await server?.stop();
  });

  it("shows the console only once the listed address is verified", async () => {
    await admin.page.goto(`${server.baseURL}/dashboard`);
    await admin.page.getByText("Signed in as").waitFor();
    expect(await admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).count()).toBe(0);
    await admin.page.goto(`${server.baseURL}/admin`);
    await admin.page.getByRole("heading", { name: "Page not found" }).waitFor();

    await admin.page.goto(await mailedLink(server, OPERATOR.email, /verify/i));
    await admin.page.goto(`${server.baseURL}/dashboard`);
    await admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await admin.page.getByRole("heading", { name: "Admin", exact: true }).waitFor();
    expect(await admin.page.getByTestId("stat-people").textContent()).toBe("2");
    await screenshot(admin.page, "admin-console");
    for (const width of [1024, 1280, 1440]) {
      await admin.page.setViewportSize({ width, height: 860 });
      expect(await headerOverlaps(admin.page, { oneRow: width >= 1280 }), `at ${width} px`).toEqual([]);
    }
    await admin.page.setViewportSize({ width: 1280, height: 860 });

    // Pat never sees the link.
    await pat.page.goto(`${server.baseURL}/dashboard`);
    await pat.page.getByText("Signed in as").waitFor();
    expect(await pat.page.getByRole("link", { name: "Admin" }).count()).toBe(0);
  });

  it("finds a person, bans and unbans them", async () => {
    await admin.page.goto(`${server.baseURL}/admin`);
    await admin.page.getByRole("table", { name: "Everyone, newest first" }).waitFor();
    await admin.page.getByLabel("Address or name").fill("pat");
    await admin.page.getByRole("button", { name: "Search" }).click();
    // The previous page stays on screen, marked busy, until the search answers: wait for the answer's table.
    const table = admin.page.locator(".table-scroll:not([aria-busy])").getByRole("table", { name: "People matching “pat”" });
    await table.waitFor();
    expect(await table.getByRole("row").count()).toBe(2);
    await table.getByRole("link", { name: PAT.email }).click();
    await admin.page.getByRole("heading", { name: PAT.name, level: 1 }).waitFor();
    await screenshot(admin.page, "admin-person");

    await admin.page.getByRole("button", { name: "Ban" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Ban ${PAT.name}?` });
    await dialog.getByLabel("Reason (shown to admins)").fill("spam");
    await dialog.getByRole("button", { name: "Ban" }).click();
    await admin.page.getByText("Banned. Their sessions have ended.").waitFor();
    await admin.page.getByRole("button", { name: "Unban" }).waitFor();
    await admin.page.getByText("Signed in nowhere.").waitFor();
    const refused = await pat.context.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
      data: { email: PAT.email, password: PAT.password },
      headers: { origin: server.baseURL },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("BANNED_USER");

    await admin.page.getByRole("button", { name: "Unban" }).click();
    await admin.page
      .getByRole("dialog", { name: `Unban ${PAT.name}?` })
      .getByRole("button", { name: "Unban" })
      .click();
    await admin.page.getByText("The ban is lifted.").waitFor();
    await signInInBrowser(pat.context, server.baseURL, PAT);
  });

  it("acts as the person with the banner on every page, and stops", async () => {
    const personURL = admin.page.url();
    await admin.page.getByRole("button", { name: "Impersonate" }).click();
    await admin.page
      .getByRole("dialog", { name: `Act as ${PAT.name}?` })
      .getByRole("button", { name: "Impersonate" })
      .click();
    await admin.page.waitForURL((url) => url.pathname === "/dashboard");
    const banner = admin.page.getByRole("region", { name: "Impersonation" });
    await banner.getByText(PAT.name).waitFor();
    expect(await banner.textContent()).toContain("You are acting as");
    // Issue 48: the switcher answers for the person acted as, not "Loading organizations…" for good.
    const switcherSays = () => admin.page.locator("#org-switcher-select option").first().textContent();
    await expect.poll(switcherSays, { timeout: 10_000 }).not.toBe("Loading organizations…");
    expect(await admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).count()).toBe(0);
    await screenshot(admin.page, "admin-impersonating");
    await admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await admin.page.waitForURL((url) => url.pathname === "/settings");
    await banner.getByText(PAT.name).waitFor();

    await admin.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin.page, "admin-impersonating-phone");
    await banner.getByRole("button", { name: "Stop" }).click();
    await admin.page.waitForURL(personURL);
    await admin.page.getByRole("heading", { name: PAT.name, level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await expect.poll(switcherSays, { timeout: 10_000 }).not.toBe("Loading organizations…");
    await screenshot(admin.page, "admin-person-phone");
    await admin.page.goto(`${server.baseURL}/admin`);
    await admin.page.getByRole("heading", { name: "Admin", exact: true }).waitFor();
    await screenshot(admin.page, "admin-console-phone");
    await admin.page.setViewportSize({ width: 1280, height: 860 });
  });
});
