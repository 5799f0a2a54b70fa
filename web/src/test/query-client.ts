import type { QueryClient } from "@tanstack/react-query";
import { createAppQueryClient, type AppQueryClientHooks } from "../lib/query-client.js";

/**
 * The app's query client (its logging hook, auth-error handling, cache times, throwOnError)
 * without retries: a failed query or mutation shows its error at once, instead of after the
 * app's real back-off (1 s, 2 s, 4 s), which under load outlasts a test's wait for the screen.
 * Retrying itself is tested in lib/query-client.test.ts.
 */
export function createTestQueryClient(hooks: AppQueryClientHooks = {}): QueryClient {
  const client = createAppQueryClient({ log: () => undefined, ...hooks });
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false }, mutations: { ...defaults.mutations, retry: false } });
  return client;
}
