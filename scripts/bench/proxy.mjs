#!/usr/bin/env node
// The round-robin proxy the multi-instance tests use (server/test/support/round-robin.ts), as a
// process of its own for the benchmark. Run with `node --import tsx`.
// usage: proxy.mjs <port> <instance port>,<instance port>,…
import { roundRobin } from "../../server/test/support/round-robin.ts";

const [port, targets] = process.argv.slice(2);
const ports = targets.split(",").map(Number);
await roundRobin(Number(port), () => ports);
console.log("proxy listening");
process.on("SIGTERM", () => process.exit(0));
