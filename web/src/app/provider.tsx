import { useState, type ReactElement, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { AuthClientContext, type AuthClient } from "../lib/auth-client.js";
import type { AppRouter } from "../lib/trpc.js";
import { AuthFailureContext, type AuthFailureStore } from "./auth-failure.js";
import { GivenTRPCClientContext } from "../lib/given-trpc-client.js";

export interface AppServices {
  queryClient: QueryClient;
  authClient: AuthClient;
  /** Omitted in the app: the signed-in layout makes it, so tRPC is not in /login's first load. */
  trpcClient?: TRPCClient<AppRouter>;
  authFailures: AuthFailureStore;
}

/**
 * The injected clients: one QueryClient, the auth client, the auth-failure store, and the tRPC
 * client when one is given (the tRPC provider itself wraps the signed-in layout).
 */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }): ReactElement {
  const [value] = useState(services);
  return (
    <QueryClientProvider client={value.queryClient}>
      <GivenTRPCClientContext.Provider value={value.trpcClient ?? null}>
        <AuthClientContext.Provider value={value.authClient}>
          <AuthFailureContext.Provider value={value.authFailures}>{children}</AuthFailureContext.Provider>
        </AuthClientContext.Provider>
      </GivenTRPCClientContext.Provider>
    </QueryClientProvider>
  );
}
