import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { TEST_BASE_URL, type TestBrowser } from "@gatehouse/auth-core/testing";
import { dateTransformer } from "../../src/shared/date-transformer.js";
import type { createApp } from "../../src/app.js";
import type { AppRouter } from "../../src/trpc/index.js";

export type TRPCTestClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/** A tRPC client of the app's own page (same origin) with the browser's cookies, answered by the Hono app in process. */
export function trpcClientOf(app: ReturnType<typeof createApp>, browser: TestBrowser): TRPCTestClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${TEST_BASE_URL}/api/trpc`,
        transformer: dateTransformer,
        headers: () => ({ cookie: browser.cookieHeader(), origin: TEST_BASE_URL, "sec-fetch-site": "same-origin" }),
        fetch: async (url, init) => app.request(String(url), init as RequestInit),
      }),
    ],
  });
}

/** What a call answered: its value, or the refusal's HTTP status, tRPC code and message. */
export async function trpcOutcome(call: Promise<unknown>): Promise<{ value?: unknown; status?: number; code?: string; message?: string }> {
  try {
    return { value: await call };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = (error as TRPCClientError<AppRouter>).data;
    return { status: data?.httpStatus, code: data?.code, message: error.message };
  }
}
