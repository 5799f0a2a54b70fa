import { createTRPCClient, httpBatchLink, type TRPCClient } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
// Type-only: the web app imports server code at run time only from its browser-safe entry
// (@gatehouse/server/shared: the transformer and the batch limit; docs/design.md, dependency direction).
import type { AppRouter } from "@gatehouse/server";
import { dateTransformer, MAX_TRPC_BATCH_SIZE } from "@gatehouse/server/shared";

export type { AppRouter };

/** Spec §7: the remote-call endpoint. */
const TRPC_URL = "/api/trpc";
const TRPC_SOURCE_HEADER = { "x-trpc-source": "react-app" } as const;

/** `fetchImpl`: the browser's fetch; component tests pass the real server's in-process door. */
export function createAppTRPCClient(baseURL = "", fetchImpl: typeof fetch = (url, options) => fetch(url, options)): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseURL}${TRPC_URL}`,
        transformer: dateTransformer,
        // The server refuses a larger batch whole; more calls in one tick go as several batches.
        maxItems: MAX_TRPC_BATCH_SIZE,
        headers: () => {
          // The server's refusals come in the language the app shows (as the auth client asks for them).
          const shown = typeof document === "undefined" ? "" : document.documentElement.lang;
          return shown ? { ...TRPC_SOURCE_HEADER, "accept-language": shown } : { ...TRPC_SOURCE_HEADER };
        },
        fetch: (url, options) => fetchImpl(url, { ...(options as RequestInit), credentials: "include" }),
      }),
    ],
  });
}

let appClient: TRPCClient<AppRouter> | null = null;

/** The app's one tRPC client, made on first use (by the signed-in layout or the provider list). */
export function appTRPCClient(): TRPCClient<AppRouter> {
  return (appClient ??= createAppTRPCClient());
}

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/**
 * Whether a cached query is a remote call: tRPC keys start with the procedure path (an array),
 * auth-service keys with "auth". What the organization scope changes (the audit log, the plan)
 * is refetched with this when the active organization changes.
 */
export function isRemoteCallQueryKey(queryKey: readonly unknown[]): boolean {
  return Array.isArray(queryKey[0]);
}
