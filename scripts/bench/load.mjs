#!/usr/bin/env node
// One autocannon run, printed as JSON on stdout. Run pinned to its own core by run.mjs.
// usage: load.mjs '{"url":…,"connections":50,"duration":10,"method":"GET","headers":{},"body":…}'
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  method: spec.method ?? "GET",
  headers: spec.headers ?? {},
  body: spec.body,
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    duration: result.duration, // seconds, as run (a turn may run past its nominal duration)
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }),
);
