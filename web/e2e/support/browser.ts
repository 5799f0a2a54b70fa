import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";

export const CHROMIUM = process.env.GATEHOUSE_CHROMIUM;
/** Why the browser tests are skipped, when they are. */
export const SKIP_REASON =
  "GATEHOUSE_CHROMIUM is unset: skipping the browser end-to-end tests (run them with `npm test`, which finds /usr/bin/chromium, or install it with scripts/setup-system.sh)";

const SCREENSHOTS = fileURLToPath(new URL("../../../test-results/e2e/", import.meta.url));

const ARGS = [
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

/** A fresh Chromium profile (its own user-data-dir): one "device" of the person. */
export async function openBrowser(): Promise<TestBrowser> {
  if (!CHROMIUM) throw new Error(SKIP_REASON);
  const userDataDir = mkdtempSync(join(tmpdir(), "gatehouse-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 860 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
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
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
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

/** Saves a full-page screenshot under test-results/e2e/ (kept by the run, not by git). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
