#!/usr/bin/env node
// One autocannon run whose every request is drawn at random from a pool (the scale bench's cold
// rows: a random person's cookie or key, a random page), printed as JSON on stdout like load.mjs.
// usage: scale-load.mjs '{"url":…,"connections":50,"duration":10,"method":"GET","body":…,"pool":"/path/to/pool.json"}'
// The pool file: a JSON array of { path, headers }.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
const pool = JSON.parse(readFileSync(spec.pool, "utf8"));
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  requests: [
    {
      method: spec.method ?? "GET",
      body: spec.body,
      setupRequest(request) {
        const pick = pool[Math.floor(Math.random() * pool.length)];
        return { ...request, path: pick.path, headers: { ...request.headers, ...pick.headers } };
      },
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    duration: result.duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
