import type { RequestLogVariables } from "./middleware/request-log.js";

/**
 * The Hono environment of the app: the bindings @hono/node-server passes (the Node request, for
 * the socket address) and the request log's variables. Its own module so that what app.ts mounts
 * (api-reference, tRPC) can name it without importing app.ts back.
 */
export interface AppEnv {
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
  Variables: RequestLogVariables;
}
