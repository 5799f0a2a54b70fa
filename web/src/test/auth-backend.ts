import type { TRPCClient } from "@trpc/client";
import { silentLogger, type AuthOptions } from "@gatehouse/auth-core";
import { createTestAuth, createTestBrowser, type TestAuth, type TestBrowser } from "@gatehouse/auth-core/testing";
// Tests only: the real server's app answers the tRPC client in-process.
import { createApp, mountTRPC, planSeatLimit } from "@gatehouse/server";
import { createAuthClient, type AuthClient, type AuthClientDeps } from "../lib/auth-client.js";
import { createAppTRPCClient, type AppRouter } from "../lib/trpc.js";

/**
 * For component tests: the real auth service (auth-core over in-memory SQLite) answering the
 * web app's auth client in-process, with a cookie jar standing in for the browser's.
 */
export interface AuthBackend {
  t: TestAuth;
  /** The browser's cookie jar and a door for the test itself (sign up, sign out elsewhere). */
  browser: TestBrowser;
  client(deps?: Omit<AuthClientDeps, "fetch" | "baseURL">): AuthClient;
  /** The tRPC client, answered by the server's Hono app (tRPC mounted) over the same auth. */
  trpcClient(): TRPCClient<AppRouter>;
  destroy(): Promise<void>;
}

/**
 * happy-dom's Request and Response drop Cookie, Origin and Set-Cookie, as the script-facing
 * classes of a browser must. Here the in-process auth service is the server and needs both: these keep them.
 */
function keepCookieHeaders(): void {
  const BaseResponse = globalThis.Response;
  const BaseRequest = globalThis.Request;
  if ((BaseResponse as { keepsCookies?: boolean }).keepsCookies) return;
  class ServerResponse extends BaseResponse {
    static keepsCookies = true;
    constructor(body?: BodyInit | null, init?: ResponseInit) {
      super(body, init);
      for (const cookie of new Headers(init?.headers).getSetCookie()) this.headers.append("set-cookie", cookie);
    }
  }
  class ServerRequest extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, init);
      // Cookie, Origin and the other headers a browser's script may not set: from the init, and from
      // a request this one is made from (a middleware that re-reads the body, e.g. Hono's bodyLimit).
      const keep = (headers: HeadersInit | undefined): void =>
        new Headers(headers).forEach((value, name) => {
          if (!this.headers.has(name)) this.headers.set(name, value);
        });
      keep(init?.headers);
      if (input instanceof BaseRequest) keep(input.headers);
    }
  }
  globalThis.Response = ServerResponse as typeof Response;
  globalThis.Request = ServerRequest as typeof Request;
}

export interface AuthBackendInput {
  /**
   * The service clock's start. Pages that judge time (expired invitations, the last 30 days) pass
   * the browser's time, as in a real deployment; the default is createTestAuth's fixed date.
   */
  now?: Date;
}

export async function createAuthBackend(options: Partial<Omit<AuthOptions, "database">> = {}, input: AuthBackendInput = {}): Promise<AuthBackend> {
  keepCookieHeaders();
  // The server's plans set an organization's seats, as createServerAuth gives them.
  const t = await createTestAuth({ options: { ...options, organization: { seatLimit: planSeatLimit, ...options.organization } }, now: input.now });
  const browser = createTestBrowser(t.auth);
  const fetchThroughAuth: typeof fetch = async (input, init) => {
    const url = new URL(String(input), "http://localhost:3000");
    const path = url.pathname.replace(/^\/api\/auth/, "") + url.search;
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" && init.body !== "" ? (JSON.parse(init.body) as unknown) : undefined;
    return browser.request(path, { method, body });
  };
  return {
    t,
    browser,
    client: (deps = {}) => createAuthClient({ ...deps, baseURL: "", fetch: fetchThroughAuth }),
    trpcClient: () => {
      const app = createApp({ auth: t.auth, logger: silentLogger, mount: (a) => mountTRPC(a, { auth: t.auth }) });
      return createAppTRPCClient("http://localhost:3000", async (input, init) =>
        app.request(String(input), { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), cookie: browser.cookieHeader() } }),
      );
    },
    destroy: () => t.destroy(),
  };
}
