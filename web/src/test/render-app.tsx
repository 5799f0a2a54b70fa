import { render } from "@testing-library/react";
import { RouterProvider } from "react-router/dom";
import type { QueryClient } from "@tanstack/react-query";
import { createTestBrowser, type TestBrowser } from "@gatehouse/auth-core/testing";
import { createAuthFailureStore, type AuthFailureStore } from "../app/auth-failure.js";
import { AppProvider } from "../app/provider.js";
import { createTestRouter } from "../app/router.js";
import { SESSION_QUERY_KEY } from "../features/auth/api/get-session.js";
import { createTestQueryClient } from "./query-client.js";
import type { AppBackend } from "./app-backend.js";

export interface RenderedApp {
  router: ReturnType<typeof createTestRouter>;
  queryClient: QueryClient;
  authFailures: AuthFailureStore;
}

/**
 * The whole app (router, guards, layout, page) at `path`, against the real auth service and the
 * real tRPC router in-process. Nothing is retried (test/query-client.ts), so an error state shows at once.
 */
export function renderApp(backend: AppBackend, path: string): RenderedApp {
  const authFailures = createAuthFailureStore();
  const queryClient = createTestQueryClient({ onAuthError: (error) => authFailures.set(error) });
  const authClient = backend.client({ onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }) });
  const router = createTestRouter({ queryClient, authClient, authFailures, build: { version: "test", builtAt: "now" } }, [path]);
  render(
    <AppProvider services={{ queryClient, authClient, authFailures, trpcClient: backend.trpcClient() }}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, queryClient, authFailures };
}

/** A call that must answer 200; its JSON. */
export async function call<T>(browser: TestBrowser, path: string, body?: unknown): Promise<T> {
  const response = body === undefined ? await browser.get(path) : await browser.post(path, body);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const PASSWORD = "correct horse battery";

/** Signs a person up on their own "browser" (the viewer uses `backend.browser`). */
export async function signUp(browser: TestBrowser, name: string, email: string): Promise<void> {
  await call(browser, "/sign-up/email", { name, email, password: PASSWORD });
}

export async function signIn(browser: TestBrowser, email: string, password = PASSWORD): Promise<number> {
  const response = await browser.post("/sign-in/email", { email, password });
  return response.status;
}

/** Another device; `clientAddress` keeps many failed attempts under the per-address rate limit. */
export function otherBrowser(backend: AppBackend, clientAddress?: string): TestBrowser {
  return createTestBrowser(backend.t.auth, clientAddress ? { clientAddress } : {});
}
