import { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";

/**
 * How long an idle keep-alive connection stays open after an answer: longer than the idle
 * timeout of the proxies that sit in front of a deployment (AWS's load balancers and nginx's
 * upstream keepalive: 60 s). With Node's default of 5 s the server closed connections that a
 * proxy, or a client's connection pool, was about to send on, and that request failed with a
 * connection reset (a 502 behind a proxy); the browser tests' own HTTP client met it on a
 * loaded machine. Node's header timeout (60 s) counts from a request's first byte, not from the
 * idle wait before it, so it stays as it is.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Serves the app's fetch on `port` (0: any free port), as main.ts and the benchmark run it. */
export function listen(fetch: Parameters<typeof serve>[0]["fetch"], port: number, onListening: (info: AddressInfo) => void): ServerType {
  const server = serve({ fetch, port }, onListening);
  if (server instanceof HttpServer) server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
