import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium as playwrightChromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS } from "./browser.js";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's one Chromium, which each test's browser connects to (support/browser.ts). */
    chromiumEndpoint: string;
  }
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * The browser the run drives: Chromium's headless shell (Debian's chromium-headless-shell, the
 * build Playwright itself runs headless tests in) when it is installed beside GATEHOUSE_CHROMIUM,
 * else GATEHOUSE_CHROMIUM. The shell is the same engine and DevTools protocol without the desktop
 * browser around it, and costs the browser tests about a third less of Chromium's CPU.
 */
function browserExecutable(chromium: string): string {
  const shell = join(dirname(chromium), "chromium-headless-shell");
  return existsSync(shell) ? shell : chromium;
}

/**
 * Builds the SPA `npm start` serves (vite build) unless scripts/test.mjs has just built it
 * (GATEHOUSE_TEST_BUILT=1), after scripts/vitest-build-setup.ts, the global setup before this one,
 * has built the server; and starts one headless Chromium (browserExecutable) for the whole run:
 * each browser of a test is a fresh context in it (its own cookies and storage), so no test file
 * pays for starting Chromium.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const chromium = process.env.GATEHOUSE_CHROMIUM;
  if (!chromium) return undefined; // the tests skip; nothing to build
  if (process.env.GATEHOUSE_TEST_BUILT !== "1") {
    // Vitest sets NODE_ENV=test, which would give a development React build: build what ships.
    run("npx", ["vite", "build", "--logLevel", "warn"], `${REPO_ROOT}web`, { NODE_ENV: "production" });
  }
  const server = await playwrightChromium.launchServer({ executablePath: browserExecutable(chromium), headless: true, args: CHROMIUM_ARGS });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
