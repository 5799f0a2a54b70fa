import { createContext } from "react";
import type { TRPCClient } from "@trpc/client";
import type { AppRouter } from "./trpc.js";

/** The tRPC client the app's services were given (tests pass theirs); null: the app makes its own. */
export const GivenTRPCClientContext = createContext<TRPCClient<AppRouter> | null>(null);
