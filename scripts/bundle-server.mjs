#!/usr/bin/env node
// The server as it runs: server/dist/main.js (tsc's output) and everything it imports, in one file,
// server/dist/gatehouse.js, which `npm start`, the deployment guide and the tests that start the
// real server run. Node loads hundreds of modules for the unbundled server, each resolved, read and
// compiled on its own; one file starts in a fraction of the CPU (docs/performance/runs-2026-11.md,
// 16:00Z). The code is tsc's, unminified (names and lines stay readable in a stack trace).
//
//   node scripts/bundle-server.mjs   after tsc -b (npm run build, npm start and npm test run it)
import { build } from "esbuild";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Left to Node, loaded from node_modules at run time:
 * - better-sqlite3: a native addon, found by its own loader;
 * - pg-native: pg's optional native driver, required only if asked for (never here);
 * - pino and pino-pretty: pino starts its transports (pino-pretty, in development at a terminal)
 *   in a worker thread that loads them by name from pino's own directory;
 * - oidc-provider: the development identity provider's, loaded when one is started (never in
 *   production), with modules of its own that are read from disk;
 * - @gatehouse/auth-core/mail-html: the mails' layout with React Email and React's server
 *   renderer, imported on the first mail (auth-core's email/mail-content.ts),
 *   so that a process holds none of it until it sends one;
 * - @gatehouse/auth-core/testing: the development identity provider's (server/src/dev-idp),
 *   imported when one is started, never in production; bundled, its test support (a SAML IdP,
 *   an SMTP server, their XML and RSA code) was a megabyte of every process's source;
 * - @simplewebauthn/server and @node-saml/node-saml: imported on the first passkey ceremony and
 *   the first SAML request (auth-core's passkey/webauthn.ts, sso/saml.ts). V8 keeps the source
 *   of every module a process loads, run or not: bundled, these two and their ASN.1 and XML
 *   stacks were two megabytes of it in a process that answers get-session alone.
 */
const EXTERNAL = [
  "better-sqlite3",
  "pg-native",
  "pino",
  "pino-pretty",
  "oidc-provider",
  "@gatehouse/auth-core/mail-html",
  "@gatehouse/auth-core/testing",
  "@simplewebauthn/server",
  "@node-saml/node-saml",
];

/**
 * The bundle's text with every character outside ASCII written as a \\uXXXX escape. esbuild
 * escapes them in code (its default `charset: "ascii"`) but keeps the comments it carries over
 * as they are, and two of them (pg-protocol's, zod's) hold an em dash. V8 keeps a module's
 * source for as long as the module lives, one byte a character when every character fits in
 * Latin-1 and two otherwise: those two dashes doubled the server's largest object, its own
 * source (docs/performance/runs-2026-11.md, 20:34Z). In a comment an escape is text like any
 * other; anywhere else it means the character it replaces.
 */
function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Bundles `entry` (a built ESM file) into `outfile`, for Node 20, in ASCII (asciiOnly). */
export async function bundleServer({ entry = `${root}server/dist/main.js`, outfile = `${root}server/dist/gatehouse.js` } = {}) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    write: false,
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
  writeFileSync(outfile, asciiOnly(result.outputFiles[0].text));
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await bundleServer();
