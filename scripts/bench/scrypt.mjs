#!/usr/bin/env node
// Bare scrypt throughput at the server's parameters and concurrency: the ceiling for sign-in.
// usage: scrypt.mjs <seconds> <concurrency>
import { scrypt } from "node:crypto";

const [seconds = "10", concurrency = "1"] = process.argv.slice(2);
const params = { N: 16384, r: 16, p: 1, maxmem: 256 * 16384 * 16 + 1024 * 1024 };
const salt = Buffer.alloc(16, 1);
const hash = () => new Promise((resolve, reject) => scrypt("correct horse battery", salt, 64, params, (e, k) => (e ? reject(e) : resolve(k))));
const deadline = performance.now() + Number(seconds) * 1000;
let done = 0;
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (performance.now() < deadline) {
      await hash();
      // As autocannon counts sign-ins: only what is done within the window (the last hash of a turn
      // ends past it, about half a hash late on average, which would inflate the rate if it counted).
      if (performance.now() <= deadline) done += 1;
    }
  }),
);
process.stdout.write(JSON.stringify({ rps: done / Number(seconds) }));
