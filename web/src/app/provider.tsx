import { useState, type ReactElement, type ReactNode } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { I18nProvider } from "@lingui/react";
import type { TRPCClient } from "@trpc/client";
import { AuthClientContext, type AuthClient } from "../lib/auth-client.js";
import type { AppRouter } from "../lib/trpc.js";
import { AuthFailureContext, type AuthFailureStore } from "./auth-failure.js";
import { GivenTRPCClientContext } from "../lib/given-trpc-client.js";
import { i18n } from "../lib/i18n.js";

export interface AppServices {
  queryClient: QueryClient;
  authClient: AuthClient;
  /** Omitted in the app: the signed-in layout makes it, so tRPC is not in /login's first load. */
  trpcClient?: TRPCClient<AppRouter>;
  authFailures: AuthFailureStore;
}

/**
 * Lingui's runtime (the shown language, web/src/lib/i18n.ts) and the injected clients: one QueryClient, the auth client, the auth-failure store, and the tRPC
 * client when one is given (the tRPC provider itself wraps the signed-in layout).
 */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }): ReactElement {
  const [value] = useState(services);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={value.queryClient}>
        <GivenTRPCClientContext.Provider value={value.trpcClient ?? null}>
          <AuthClientContext.Provider value={value.authClient}>
            <AuthFailureContext.Provider value={value.authFailures}>{children}</AuthFailureContext.Provider>
          </AuthClientContext.Provider>
        </GivenTRPCClientContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
