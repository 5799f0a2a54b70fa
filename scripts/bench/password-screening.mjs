#!/usr/bin/env node
// Password screening: what reading the common-password list costs the process (time,
// the longest event-loop stall while it is read, RSS) and how long one check takes. Measures the
// built library (npx tsc -b first):  node --expose-gc scripts/bench/password-screening.mjs
import { monitorEventLoopDelay } from "node:perf_hooks";

const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
const settle = () => globalThis.gc?.();

const { isCommonPassword, preloadCommonPasswords } = await import("../../auth-core/dist/crypto/common-passwords.js");
settle();
const before = process.memoryUsage();
const stalls = monitorEventLoopDelay({ resolution: 1 });
stalls.enable();
const started = performance.now();
await preloadCommonPasswords();
const loadMs = performance.now() - started;
stalls.disable();
settle();
const after = process.memoryUsage();

const owner = { email: "ada.lovelace@example.com", name: "Ada Lovelace" };
const samples = [
  "password12345678",
  "iloveyou1234",
  "P@ssw0rd123",
  "letmein12345",
  "baseball1234",
  "qwertyuiop1234",
  "Gatehouse2026!",
  "lovelace1815",
  "correct horse battery",
  "glass onion ferry 42",
  "tidal-mosaic-lantern",
  "Vq7#mZ2!pL9@",
];
for (let i = 0; i < 2_000; i++) isCommonPassword(samples[i % samples.length], owner);
const rounds = 50_000;
const times = new Float64Array(rounds);
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  isCommonPassword(samples[i % samples.length], owner);
  times[i] = performance.now() - t0;
}
times.sort();
const mean = times.reduce((a, b) => a + b, 0) / rounds;
const at = (q) => times[Math.min(rounds - 1, Math.floor(q * rounds))];

console.log(`list read: ${loadMs.toFixed(0)} ms (off the event loop but for a scan; longest stall ${(stalls.max / 1e6).toFixed(1)} ms)`);
console.log(
  `RSS ${mib(before.rss)} → ${mib(after.rss)} MiB (+${mib(after.rss - before.rss)}); external memory +${mib(after.external - before.external)} MiB; heap +${mib(after.heapUsed - before.heapUsed)} MiB`,
);
console.log(
  `one check (${samples.length} passwords in turn, with the owner's email and name): mean ${(mean * 1000).toFixed(1)} µs, p50 ${(at(0.5) * 1000).toFixed(1)} µs, p99 ${(at(0.99) * 1000).toFixed(1)} µs, max ${(at(1) * 1000).toFixed(1)} µs`,
);
console.log(`under 1 ms: ${at(0.99) < 1 ? "yes" : "NO"} (p99)`);
