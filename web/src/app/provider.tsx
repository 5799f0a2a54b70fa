import { useState, type ReactElement, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { AuthClientContext, type AuthClient } from "../lib/auth-client.js";
import { TRPCProvider, type AppRouter } from "../lib/trpc.js";
import { AuthFailureContext, type AuthFailureStore } from "./auth-failure.js";

export interface AppServices {
  queryClient: QueryClient;
  authClient: AuthClient;
  trpcClient: TRPCClient<AppRouter>;
  authFailures: AuthFailureStore;
}

/** The injected clients: one QueryClient, the auth client, the tRPC client, the auth-failure store. */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }): ReactElement {
  const [value] = useState(services);
  return (
    <QueryClientProvider client={value.queryClient}>
      <TRPCProvider trpcClient={value.trpcClient} queryClient={value.queryClient}>
        <AuthClientContext.Provider value={value.authClient}>
          <AuthFailureContext.Provider value={value.authFailures}>{children}</AuthFailureContext.Provider>
        </AuthClientContext.Provider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
