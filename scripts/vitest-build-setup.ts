import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/**
 * The global setup of the server, web and e2e projects: builds the packages as `npm run build`
 * does, the SPA aside: tsc -b (incremental: about a second when nothing changed), then the
 * server's bundle (scripts/bundle-server.mjs). The server and web projects import auth-core,
 * migrations and the server as built (see their vitest configs), the server-process and browser
 * tests start the bundle, and the library test packs the packages. scripts/test.mjs builds
 * before vitest starts and says so with GATEHOUSE_TEST_BUILT=1.
 */
export default function setup(): void {
  if (process.env.GATEHOUSE_TEST_BUILT === "1") return;
  // One thread, as scripts/test.mjs builds: TypeScript 7's parallel checkers took twice the CPU on two cores.
  run("npx", ["tsc", "-b", "--singleThreaded"]);
  run("node", ["scripts/bundle-server.mjs"]);
}
