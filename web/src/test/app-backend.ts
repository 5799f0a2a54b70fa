import type { TRPCClient } from "@trpc/client";
import { silentLogger, type AuthOptions } from "@gatehouse/auth-core";
import { TEST_BASE_URL } from "@gatehouse/auth-core/testing";
import { createApp, mountTRPC } from "@gatehouse/server";
import { createAppTRPCClient, type AppRouter } from "../lib/trpc.js";
import { createAuthBackend, type AuthBackend, type AuthBackendInput } from "./auth-backend.js";

/**
 * For component tests of pages that read remote calls: the real server app (Hono with the tRPC
 * router over the same in-process auth service and database) answering the web app's tRPC
 * client, with the browser's cookie. Two test doors on the wire: hold every remote call (the
 * loading state) and fail the ones a test names (the error state), as a dropped connection.
 */
export interface AppBackend extends AuthBackend {
  trpcClient(): TRPCClient<AppRouter>;
  /** Holds remote calls until the returned function is called. */
  holdRemoteCalls(): () => void;
  /** Remote calls whose procedure path matches fail as a network error, until cleared with null. */
  failRemoteCalls(pattern: RegExp | null): void;
  /** The procedures asked for so far, in order ("audit.events", …). */
  remoteCalls: string[];
}

export async function createAppBackend(options: Partial<Omit<AuthOptions, "database">> = {}, input: AuthBackendInput = {}): Promise<AppBackend> {
  const backend = await createAuthBackend(options, input);
  const app = createApp({ auth: backend.t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: backend.t.auth }) });
  let held: Promise<void> | null = null;
  let failing: RegExp | null = null;
  const remoteCalls: string[] = [];
  const fetchThroughApp: typeof fetch = async (input, init) => {
    const url = new URL(String(input), TEST_BASE_URL);
    const procedures = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\//, "")).split(",");
    remoteCalls.push(...procedures);
    if (held) await held;
    if (failing && procedures.some((path) => failing!.test(path))) throw new TypeError("Failed to fetch");
    const headers = new Headers(init?.headers);
    const cookie = backend.browser.cookieHeader();
    if (cookie) headers.set("cookie", cookie);
    headers.set("origin", TEST_BASE_URL);
    headers.set("sec-fetch-site", "same-origin");
    return app.request(url.pathname + url.search, { method: init?.method ?? "GET", headers, body: init?.body ?? null });
  };
  return {
    ...backend,
    remoteCalls,
    trpcClient: () => createAppTRPCClient(TEST_BASE_URL, fetchThroughApp),
    holdRemoteCalls() {
      let release: () => void = () => undefined;
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return () => release();
    },
    failRemoteCalls(pattern) {
      failing = pattern;
    },
  };
}
