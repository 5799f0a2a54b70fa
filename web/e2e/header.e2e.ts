import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signUpInBrowser } from "./support/accounts.js";
import { CHROMIUM, openBrowser, screenshot, SKIP_REASON, type TestBrowser } from "./support/browser.js";
import { startServer, type RunningServer } from "./support/server.js";

if (!CHROMIUM) console.warn(SKIP_REASON);

// A long name and organization: the widest header a person is likely to have.
const PERSON = { name: "Katherine Coleman Goble Johnson", email: "katherine.johnson@example.com", password: "orbital mechanics" };
/** 35 characters with wide letters (issue 48: the switcher cut such a name at 1024 and 1280 px). */
const ORGANIZATION = "Mount Washington Weather Monitoring";

interface Box {
  name: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The boxes of everything the header shows in its bar (hidden items left out). */
async function headerBoxes(page: Page): Promise<{ header: Box; items: Box[] }> {
  return page.evaluate(() => {
    const box = (name: string, el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { name, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const header = document.querySelector("header.topbar")!;
    const items = [
      ...[
        ...header.querySelectorAll(
          ".brand, nav a, #org-switcher-select, .org-switcher button, .account-menu .avatar, .account-menu .who, .account-menu button",
        ),
      ].map((el) => box(el.id || el.textContent?.trim() || "", el)),
    ].filter((b) => b.bottom - b.top > 0);
    return { header: box("header", header), items };
  });
}

/**
 * The switcher's chosen name and the room the select gives it (its width without padding and
 * Chromium's arrow), measured with the select's own font.
 */
async function switcherRoom(page: Page): Promise<{ name: string; textWidth: number; room: number }> {
  return page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>("#org-switcher-select")!;
    const style = getComputedStyle(select);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const name = select.selectedOptions[0]?.text ?? "";
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { name, textWidth: context.measureText(name).width, room };
  });
}

/**
 * The header keeps one row from 1280 px up (before, "Sign out" wrapped under the organization
 * switcher at 1280 px), takes two tidy rows between phone and desktop widths so the switcher
 * shows the organization's whole name, and folds into a Menu button on a phone.
 */
describe.skipIf(!CHROMIUM)("the header in Chromium", () => {
  let server: RunningServer;
  let browser: TestBrowser;
  beforeAll(async () => {
    server = await startServer({}, { devIdentityProvider: false });
    browser = await openBrowser();
    await signUpInBrowser(browser.context, server.baseURL, PERSON);
    const created = await browser.context.request.post(`${server.baseURL}/api/auth/organization/create`, {
      data: { name: ORGANIZATION, slug: "mount-washington-weather" },
      headers: { origin: server.baseURL },
    });
    expect(created.status()).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([1280, 1440])("keeps one row at %i px", async (width) => {
    const { page } = browser;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.locator("#org-switcher-select option:checked", { hasText: ORGANIZATION }).waitFor({ state: "attached" });
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    const { header, items } = await headerBoxes(page);
    const names = items.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(["Gatehouse", "Dashboard", "About", "org-switcher-select", "New organization", "Sign out"]));
    // One row: every item overlaps every other vertically, and none is taller than the bar.
    const lowestTop = Math.max(...items.map((b) => b.top));
    const highestBottom = Math.min(...items.map((b) => b.bottom));
    expect(lowestTop, JSON.stringify(items)).toBeLessThan(highestBottom);
    expect(header.bottom - header.top).toBeLessThan(72);
    // Left to right, inside the window, without overlapping one another.
    const sorted = [...items].sort((a, b) => a.left - b.left);
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]!.left, `${sorted[i - 1]!.name} / ${sorted[i]!.name}`).toBeGreaterThanOrEqual(sorted[i - 1]!.right - 0.5);
    expect(Math.max(...items.map((b) => b.right))).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The person's picture or initials is in the bar at every width.
    expect(names.some((n) => n === "" || /^[A-Z]{1,2}$/.test(n))).toBe(true);
    await screenshot(page, `header-${width}`);
  });

  it.each([1024, 1280])("shows the organization's whole name in the switcher at %i px", async (width) => {
    const { page } = browser;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.locator("#org-switcher-select option:checked", { hasText: ORGANIZATION }).waitFor({ state: "attached" });
    const { name, textWidth, room } = await switcherRoom(page);
    expect(name).toBe(ORGANIZATION);
    expect(name).toHaveLength(35);
    // Chromium draws the arrow inside the content box: the name needs its width plus the arrow's.
    expect(room, `${name} needs ${textWidth} px`).toBeGreaterThanOrEqual(textWidth + 16);
    const { items } = await headerBoxes(page);
    expect(Math.max(...items.map((b) => b.right))).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // No text of the bar is cut short ("Co.."): what shows is whole, or hidden with its tooltip.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("header.topbar a, header.topbar button, header.topbar .who")]
        .filter((el) => el.offsetWidth > 0 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    await screenshot(page, `header-switcher-${width}`);
  });

  it.each([800, 1024])("takes two rows between phone and desktop widths, showing everything without scrolling sideways (%i px)", async (width) => {
    const { page } = browser;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    const { items } = await headerBoxes(page);
    expect(items.map((b) => b.name)).toEqual(expect.arrayContaining(["Dashboard", "About", "org-switcher-select", "New organization", "Sign out"]));
    expect(Math.max(...items.map((b) => b.right))).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `header-${width}`);
  });

  it("folds into an accessible menu at 375 px", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getAttribute("aria-controls")).toBe("header-menu");
    expect(await nav.isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(false);
    const closed = await headerBoxes(page);
    expect(closed.header.bottom - closed.header.top).toBeLessThan(72);

    // Keyboard: the button opens the menu; its links are reachable; Escape closes it and keeps focus.
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await nav.getByRole("link", { name: "Reports" }).waitFor();
    expect(await page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Active organization").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "header-375-open");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Menu");

    // Following a link closes the menu.
    await menu.click();
    await nav.getByRole("link", { name: "Reports" }).click();
    await page.waitForURL((url) => url.pathname === "/reports");
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await nav.isVisible()).toBe(false);
  });
});
