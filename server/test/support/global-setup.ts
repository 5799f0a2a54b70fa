import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Builds the packages (tsc -b at the repository root; incremental, so a no-op when nothing
 * changed) and bundles the server, for the tests that start the real server process (node
 * server/dist/gatehouse.js, what `npm start` runs) or pack the library. scripts/test.mjs builds before vitest starts and says
 * so with GATEHOUSE_TEST_BUILT=1.
 */
export default function setup(): void {
  if (process.env.GATEHOUSE_TEST_BUILT === "1") return;
  // One thread, as scripts/test.mjs builds: TypeScript 7's parallel checkers took twice the CPU on two cores.
  const result = spawnSync("npx", ["tsc", "-b", "--singleThreaded"], { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tsc -b failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  const bundled = spawnSync("node", ["scripts/bundle-server.mjs"], { cwd: root, encoding: "utf8" });
  if (bundled.status !== 0) throw new Error(`bundling the server failed (${bundled.status}):\n${bundled.stdout}\n${bundled.stderr}`);
}
