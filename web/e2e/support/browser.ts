import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM = process.env.GATEHOUSE_CHROMIUM;
/** Why the browser tests are skipped, when they are. */
export const SKIP_REASON =
  "GATEHOUSE_CHROMIUM is unset: skipping the browser end-to-end tests (run them with `npm test`, which finds /usr/bin/chromium, or install it with scripts/setup-system.sh)";

const SCREENSHOTS = fileURLToPath(new URL("../../../test-results/e2e/", import.meta.url));

/** Headless Chromium as the tests run it (support/global-setup.ts starts it once per run). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** The pages of the browsers open now, for the pictures of a failed test (support/on-failure.ts). */
export const openPages = new Set<Page>();

/**
 * One "device" of the person: a fresh browser context (its own cookies, storage and
 * permissions) in the run's Chromium, over a connection of its own that close() ends.
 */
export async function openBrowser(options: { locale?: string } = {}): Promise<TestBrowser> {
  if (!CHROMIUM) throw new Error(SKIP_REASON);
  const browser = await chromium.connect(inject("chromiumEndpoint"));
  // `locale`: the browser's language (navigator.language and Accept-Language), as a person's set.
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...(options.locale ? { locale: options.locale } : {}) });
  const page = await context.newPage();
  openPages.add(page);
  if (process.env.E2E_DEBUG) {
    page.on("console", (message) => console.log(`[browser ${message.type()}] ${message.text()}`));
    page.on("response", (response) => {
      if (response.status() >= 400) console.log(`[browser http ${response.status()}] ${response.request().method()} ${response.url()}`);
    });
  }
  return {
    context,
    page,
    async close() {
      openPages.delete(page);
      await context.close();
      await browser.close();
    },
  };
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<Array<{ credentialId: string; isResidentCredential: boolean; rpId?: string }>>;
}

/** DevTools' virtual authenticator: a platform passkey provider with resident keys and UV. */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials;
    },
  };
}

/**
 * GATEHOUSE_SCREENSHOTS=1 (`npm run screenshots`): the tests save pictures of the pages they
 * reach, for a person to look at. No test reads a picture, so `npm test` takes none: a full-page
 * picture costs Chromium a capture and the run a PNG, about 136 times over.
 */
export const SCREENSHOTS_WANTED = process.env.GATEHOUSE_SCREENSHOTS === "1";

/** A full-page picture of `page` at test-results/e2e/<name>.png (kept by the run, not by git); its path. */
export async function savePicture(page: Page, name: string, options: { timeout?: number } = {}): Promise<string> {
  const path = join(SCREENSHOTS, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true, timeout: options.timeout });
  return path;
}

/** With GATEHOUSE_SCREENSHOTS=1, saves a full-page screenshot under test-results/e2e/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS_WANTED) await savePicture(page, name);
}
