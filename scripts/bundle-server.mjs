#!/usr/bin/env node
// The server as it runs: server/dist/main.js (tsc's output) and everything it imports, in one file,
// server/dist/gatehouse.js, which `npm start`, the deployment guide and the tests that start the
// real server run. Node loads about 700 modules for the unbundled server, each resolved, read and
// compiled on its own: a start took about 1.6 s of CPU, the bundle about 0.7 s. The code is tsc's,
// unminified (names and lines stay readable in a stack trace).
//
//   node scripts/bundle-server.mjs   after tsc -b (npm run build, npm start and npm test run it)
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Left to Node, loaded from node_modules at run time:
 * - better-sqlite3: a native addon, found by its own loader;
 * - pg-native: pg's optional native driver, required only if asked for (never here);
 * - pino and pino-pretty: pino starts its transports (pino-pretty, in development at a terminal)
 *   in a worker thread that loads them by name from pino's own directory;
 * - oidc-provider: the development identity provider's, loaded when one is started (never in
 *   production), with modules of its own that are read from disk.
 */
const EXTERNAL = ["better-sqlite3", "pg-native", "pino", "pino-pretty", "oidc-provider"];

/** Bundles `entry` (a built ESM file) into `outfile`, for Node 20. */
export async function bundleServer({ entry = `${root}server/dist/main.js`, outfile = `${root}server/dist/gatehouse.js` } = {}) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: EXTERNAL,
    // Some bundled packages are CommonJS and call require() (node: built-ins among them); in an
    // ES module there is no require, so the bundle makes one.
    banner: { js: 'import { createRequire as __gatehouseCreateRequire } from "node:module";\nconst require = __gatehouseCreateRequire(import.meta.url);' },
    logLevel: "warning",
  });
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleServer();
