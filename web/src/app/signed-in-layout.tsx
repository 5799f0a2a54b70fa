import { useContext, useState, type ReactElement } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { appTRPCClient, TRPCProvider } from "../lib/trpc.js";
import { AppLayout } from "./app-layout.js";
import { GivenTRPCClientContext } from "../lib/given-trpc-client.js";
// The signed-in pages' words (their kit's top-level await), before this layout or a page inside it renders.
import "../components/ui.js";

/**
 * The signed-in part of the app: its layout inside the tRPC provider. Only signed-in pages make
 * remote calls, so tRPC's client arrives with this chunk, not in /login's first load.
 */
export function SignedInLayout(): ReactElement {
  const queryClient = useQueryClient();
  const given = useContext(GivenTRPCClientContext);
  const [trpcClient] = useState(() => given ?? appTRPCClient());
  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      <AppLayout />
    </TRPCProvider>
  );
}
