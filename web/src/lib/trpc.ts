import { createTRPCClient, httpBatchLink, type TRPCClient } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
// Type-only: the web app never imports server code at run time (DESIGN.md, dependency direction).
import type { AppRouter } from "@gatehouse/server";
import { dateTransformer } from "@gatehouse/auth-core/shared";

export type { AppRouter };

/** Spec §7: the remote-call endpoint. */
export const TRPC_URL = "/api/trpc";
export const TRPC_SOURCE_HEADER = { "x-trpc-source": "react-app" } as const;

/** `doFetch` is injected by component tests, which answer with the real server in-process. */
export function createAppTRPCClient(baseURL = "", doFetch: typeof fetch = (url, options) => fetch(url, options)): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseURL}${TRPC_URL}`,
        transformer: dateTransformer,
        headers: () => ({ ...TRPC_SOURCE_HEADER }),
        fetch: (url, options) => doFetch(url, { ...(options as RequestInit), credentials: "include" }),
      }),
    ],
  });
}

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
