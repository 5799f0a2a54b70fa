import { useContext } from "react";
import { useQuery } from "@tanstack/react-query";
// Type-only, like AppRouter: the web app never imports server code at run time.
import type { EnabledProvider } from "@gatehouse/server";
import { REMOTE_CALL_NETWORK_MODE } from "./query-client.js";
import { GivenTRPCClientContext } from "./given-trpc-client.js";

/** tRPC's own key for auth.providers, so the remote-call rules (isRemoteCallQueryKey) apply. */
const SOCIAL_PROVIDERS_QUERY_KEY = [["auth", "providers"], { type: "query" }] as const;

/** A provider a person can sign in with: the id POST /sign-in/social takes, and its name. */
export type SocialProvider = EnabledProvider;

/** Spec §1: the sign-in screen always offers Google; the server's list adds the others. */
const GOOGLE_PROVIDER: SocialProvider = { id: "google", name: "Google" };

/** Google first, then the server's other providers in the server's order (by name). */
function withGoogleFirst(enabled: readonly SocialProvider[] | undefined): SocialProvider[] {
  return [GOOGLE_PROVIDER, ...(enabled ?? []).filter((provider) => provider.id !== GOOGLE_PROVIDER.id)];
}

/** "Google", "Google or GitHub", "Google, GitHub or Microsoft" (`or` in the shown language). */
export function joinProviderNames(providers: readonly SocialProvider[], or = "or"): string {
  const names = providers.map((provider) => provider.name);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} ${or} ${names.at(-1)}`;
}

/**
 * The enabled social providers (the public tRPC query auth.providers), Google first. Google's
 * button never waits for the list, and a failed list leaves Google alone: no error screen. The
 * tRPC client is loaded with the call (the login screen sits outside the signed-in layout's tRPC
 * provider, so that tRPC is not in /login's first load).
 */
export function useSocialProviders(): SocialProvider[] {
  const given = useContext(GivenTRPCClientContext);
  const enabled = useQuery({
    queryKey: SOCIAL_PROVIDERS_QUERY_KEY,
    queryFn: async () => (given ?? (await import("./trpc.js")).appTRPCClient()).auth.providers.query(),
    networkMode: REMOTE_CALL_NETWORK_MODE,
    throwOnError: false,
  });
  return withGoogleFirst(enabled.data);
}
