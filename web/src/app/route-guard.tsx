import type { QueryClient } from "@tanstack/react-query";
import { redirect, type LoaderFunctionArgs } from "react-router";
import type { WireSessionResult } from "@gatehouse/auth-core/shared";
import { getSessionQueryOptions } from "../features/auth/api/get-session.js";
import type { AuthClient } from "../lib/auth-client.js";
import type { AuthFailureStore } from "./auth-failure.js";
import { authorizationURLOf, loginURLFor, SIGNED_IN_LANDING } from "../lib/login-params.js";

export interface GuardDeps {
  queryClient: QueryClient;
  authClient: AuthClient;
  /** Cleared on the way to /login: a new sign-in starts without the last auth failure. */
  authFailures: AuthFailureStore;
}

/** Spec §2: a session check result counts only with both a user and a session. */
export function isSignedIn(data: WireSessionResult | null | undefined): data is WireSessionResult {
  return Boolean(data?.user && data?.session);
}

function pathWithQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * Spec §2, §4: every authenticated route first checks the current user and session; without
 * both the browser goes to /login?redirect=<path+query>.
 */
export function createRequireSessionLoader(deps: GuardDeps) {
  return async function requireSession({ request }: LoaderFunctionArgs): Promise<WireSessionResult> {
    const data = await deps.queryClient.fetchQuery(getSessionQueryOptions(deps.authClient));
    if (!isSignedIn(data)) throw redirect(loginURLFor(pathWithQuery(new URL(request.url)), deps.authClient.sessionEnd?.()));
    return data;
  };
}

/** Spec §2: a person who already has a session is sent from /login to /subscribe. */
export function createLoginLoader(deps: GuardDeps) {
  return async function redirectSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
    deps.authFailures.clear();
    const data = await deps.queryClient.fetchQuery(getSessionQueryOptions(deps.authClient));
    // An app's authorization that asks the person to sign in again (prompt=login) shows the screen.
    if (isSignedIn(data) && authorizationURLOf(new URL(request.url).searchParams) === null) throw redirect(SIGNED_IN_LANDING);
    return null;
  };
}
