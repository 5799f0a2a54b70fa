#!/usr/bin/env node
// `npm start`: build what changed (tsc -b is incremental; the SPA is rebuilt when its sources are
// newer than its build), bundle the server (scripts/bundle-server.mjs, under a second), then run
// it, and it migrates the database on its own.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SERVER_ENV, SERVER_NODE_FLAGS } from "./server-runtime.mjs";

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

run("npx", ["tsc", "-b"]);
run("node", ["scripts/bundle-server.mjs"]);
const built = newestMtime("web/dist/index.html");
const sources = Math.max(newestMtime("web/src"), newestMtime("web/index.html"), newestMtime("auth-core/src/shared"));
if (built === 0 || sources > built) run("npm", ["run", "build", "-w", "@gatehouse/web"]);
run("node", [...SERVER_NODE_FLAGS, "server/dist/gatehouse.js"], { env: { ...SERVER_ENV, ...process.env } });
