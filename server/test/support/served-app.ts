import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Hono } from "hono";
import { silentLogger, type Auth } from "@gatehouse/auth-core";
import { createTestAuth, type TestAuth, type TestAuthInput } from "@gatehouse/auth-core/testing";
import { createApp } from "../../src/app.js";
import type { AppEnv } from "../../src/app-env.js";

export interface ServedApp {
  t: TestAuth;
  /** http://127.0.0.1:<port>, which is also the auth service's baseURL. */
  baseURL: string;
  /** Stops listening, waits for the work after the answers (auth.settled()), drops the database. */
  close(): Promise<void>;
}

/**
 * The server's app over a test auth service, served over real HTTP on a free port: for
 * better-auth's own clients, which talk to a URL. The port is known only once the server
 * listens, and the service's baseURL must be that address, so the app is made at the first
 * request. `mount` adds routes as main.ts does (tRPC).
 */
export async function serveTestApp(input: TestAuthInput & { mount?: (app: Hono<AppEnv>, auth: Auth) => void } = {}): Promise<ServedApp> {
  const { mount, ...authInput } = input;
  let app: Hono<AppEnv> | null = null;
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: (request, env) => app!.fetch(request, env), port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await createTestAuth({ ...authInput, options: { ...authInput.options, baseURL } });
  app = createApp({ auth: t.auth, logger: silentLogger, mount: mount && ((a) => mount(a, t.auth)) });
  return {
    t,
    baseURL,
    async close() {
      server.close();
      await t.auth.settled();
      await t.destroy();
    },
  };
}
