import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Builds what `npm start` runs: the server (tsc -b) and the SPA (vite build). */
export default function setup(): void {
  if (!process.env.GATEHOUSE_CHROMIUM) return; // the tests skip; nothing to build
  run("npx", ["tsc", "-b"], REPO_ROOT);
  // Vitest sets NODE_ENV=test, which would give a development React build: build what ships.
  run("npx", ["vite", "build", "--logLevel", "warn"], `${REPO_ROOT}web`, { NODE_ENV: "production" });
}
