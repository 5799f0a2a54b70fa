import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
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
 * Builds what `npm start` runs, the server (tsc -b) and the SPA (vite build), unless
 * scripts/test.mjs has just built both (GATEHOUSE_TEST_BUILT=1), and starts one headless Chromium
 * for the whole run: each browser of a test is a fresh context in it (its own cookies and
 * storage), so no test file pays for starting Chromium.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const executablePath = process.env.GATEHOUSE_CHROMIUM;
  if (!executablePath) return undefined; // the tests skip; nothing to build
  if (process.env.GATEHOUSE_TEST_BUILT !== "1") {
    run("npx", ["tsc", "-b"], REPO_ROOT);
    // Vitest sets NODE_ENV=test, which would give a development React build: build what ships.
    run("npx", ["vite", "build", "--logLevel", "warn"], `${REPO_ROOT}web`, { NODE_ENV: "production" });
  }
  const server = await chromium.launchServer({ executablePath, headless: true, args: CHROMIUM_ARGS });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
