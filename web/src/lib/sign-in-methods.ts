import { useContext } from "react";
import { useQuery } from "@tanstack/react-query";
// Type-only, like AppRouter: the web app never imports server code at run time.
import type { SignInMethods } from "@gatehouse/server";
import { REMOTE_CALL_NETWORK_MODE } from "./query-client.js";
import { GivenTRPCClientContext } from "./given-trpc-client.js";

/** tRPC's own key for auth.signInMethods, so the remote-call rules apply. */
const SIGN_IN_METHODS_QUERY_KEY = [["auth", "signInMethods"], { type: "query" }] as const;

/** Spec §1's screen: Google and passkeys, until the server says more. */
const DEFAULT_METHODS: SignInMethods = { email: false };

/**
 * What the sign-in screen offers beside Google and passkeys (the server's EMAIL_SIGN_IN, the
 * public tRPC query auth.signInMethods). Settings and the mails follow the same setting. While
 * the answer is on its way, or when it fails, the screen is spec §1's.
 */
export function useSignInMethods(): SignInMethods {
  const given = useContext(GivenTRPCClientContext);
  const methods = useQuery({
    queryKey: SIGN_IN_METHODS_QUERY_KEY,
    queryFn: async () => (given ?? (await import("./trpc.js")).appTRPCClient()).auth.signInMethods.query(),
    networkMode: REMOTE_CALL_NETWORK_MODE,
    throwOnError: false,
    staleTime: Infinity,
  });
  return methods.data ?? DEFAULT_METHODS;
}
