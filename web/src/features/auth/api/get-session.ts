import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireSessionResult } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §9: the session query. */
export const SESSION_QUERY_KEY = ["auth", "session"] as const;
export const SESSION_STALE_MS = 30_000;
export const SESSION_GC_MS = 5 * 60_000;
export const SESSION_CHECK_INTERVAL_MS = 300_000;
export const SESSION_REFRESH_THRESHOLD_MS = 600_000;

/** Spec §4: the session fetch is not retried on 401 or 403, and otherwise fewer than 3 times. */
export function shouldRetrySession(failureCount: number, error: Error): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401 || status === 403) return false;
  return failureCount < 3;
}

/**
 * When to check the session next: every 300000 ms, or sooner, at the moment the session enters
 * the last 600000 ms before it expires, so that get-session can refresh it (spec §9).
 */
export function nextSessionCheck(data: WireSessionResult | null | undefined, now: number): number {
  if (!data) return SESSION_CHECK_INTERVAL_MS;
  const refreshAt = Date.parse(data.session.expiresAt) - SESSION_REFRESH_THRESHOLD_MS;
  const untilRefresh = refreshAt - now;
  if (untilRefresh > 0 && untilRefresh < SESSION_CHECK_INTERVAL_MS) return untilRefresh;
  return SESSION_CHECK_INTERVAL_MS;
}

export function getSession(client: AuthClient): Promise<WireSessionResult | null> {
  return client.request<WireSessionResult | null>("/get-session");
}

// The options type is inferred: queryOptions' return type is the source of truth for useQuery.
export function getSessionQueryOptions(client: AuthClient) {
  return queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => getSession(client),
    staleTime: SESSION_STALE_MS,
    gcTime: SESSION_GC_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: (query) => nextSessionCheck(query.state.data, Date.now()),
    retry: shouldRetrySession,
    // The guards decide what a missing session means; a failed check never blanks the shell.
    throwOnError: false,
  });
}

export function useSession(): UseQueryResult<WireSessionResult | null> {
  return useQuery(getSessionQueryOptions(useAuthClient()));
}
