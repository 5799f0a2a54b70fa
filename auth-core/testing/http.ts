import type { Auth } from "@gatehouse/auth-core";
import { TEST_BASE_URL } from "./create-test-auth.js";

/** A tiny cookie-keeping browser for in-process requests through `auth.handler`. */
export interface TestBrowser {
  request(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  cookies: Map<string, string>;
  cookieHeader(): string;
}

export function createTestBrowser(auth: Auth, options: { origin?: string; clientAddress?: string } = {}): TestBrowser {
  const origin = options.origin ?? TEST_BASE_URL;
  const cookies = new Map<string, string>();
  const cookieHeader = (): string => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const browser: TestBrowser = {
    cookies,
    cookieHeader,
    async request(path, init = {}) {
      const method = init.method ?? "GET";
      const headers: Record<string, string> = { ...(cookies.size ? { cookie: cookieHeader() } : {}) };
      if (method !== "GET") headers.origin = origin;
      if (init.body !== undefined) headers["content-type"] = "application/json";
      Object.assign(headers, init.headers);
      const response = await auth.handler(
        new Request(new URL(`/api/auth${path}`, TEST_BASE_URL), {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          redirect: "manual",
        }),
        { clientAddress: options.clientAddress ?? "127.0.0.1" },
      );
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        const name = pair!.slice(0, eq);
        const value = pair!.slice(eq + 1);
        if (/max-age=0/i.test(line) || value === "") cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
    post: (path, body, headers) => browser.request(path, { method: "POST", body: body ?? {}, headers }),
    get: (path, headers) => browser.request(path, { headers }),
  };
  return browser;
}
