#!/usr/bin/env node
// One autocannon run for bench:oidc, as load.mjs, and with a pool of bodies (refresh tokens), each sent once.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
const pool = spec.poolFile ? JSON.parse(readFileSync(spec.poolFile, "utf8")) : null;
let next = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  method: spec.method ?? "GET",
  headers: spec.headers ?? {},
  body: spec.body,
  ...(pool
    ? {
        requests: [
          {
            setupRequest: (request) => {
              if (next >= pool.length) throw new Error("the refresh pool ran out");
              return { ...request, body: pool[next++] };
            },
          },
        ],
      }
    : {}),
});
process.stdout.write(
  JSON.stringify({ requests: result.requests.total, duration: result.duration, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }),
);
