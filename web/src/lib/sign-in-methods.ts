import { useContext } from "react";
import { useQuery } from "@tanstack/react-query";
// Type-only, like AppRouter: the web app never imports server code at run time.
import type { SignInMethods } from "@gatehouse/server";
import { REMOTE_CALL_NETWORK_MODE } from "./query-client.js";
import { GivenTRPCClientContext } from "./given-trpc-client.js";
import { shellConfig } from "./shell-config.js";

/** tRPC's own key for auth.signInMethods, so the remote-call rules apply. */
const SIGN_IN_METHODS_QUERY_KEY = [["auth", "signInMethods"], { type: "query" }] as const;

/**
 * What the sign-in screen offers beside Google and passkeys (the server's EMAIL_SIGN_IN, the
 * public tRPC query auth.signInMethods; MAGIC_LINK and EMAIL_OTP). Settings and the mails follow
 * the same setting. While the answer is on its way, or when it fails, the shell's answer holds
 * (spec §1's screen without one).
 */
export function useSignInMethods(): SignInMethods {
  const given = useContext(GivenTRPCClientContext);
  // The server's shell already says (server/src/spa-shell.ts); the query confirms it, or answers
  // where there is no shell (vite's dev server, component tests).
  const initial = shellConfig().signIn;
  const methods = useQuery({
    queryKey: SIGN_IN_METHODS_QUERY_KEY,
    queryFn: async () => (given ?? (await import("./trpc.js")).appTRPCClient()).auth.signInMethods.query(),
    networkMode: REMOTE_CALL_NETWORK_MODE,
    throwOnError: false,
    staleTime: Infinity,
  });
  return methods.data ?? initial;
}
