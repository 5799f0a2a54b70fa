import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireSession } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export const SESSIONS_QUERY_KEY = ["auth", "sessions"] as const;

/** GET /list-sessions: each listed `token` is a revocation handle, never a credential. */
export function listSessions(client: AuthClient): Promise<WireSession[]> {
  return client.request<WireSession[]>("/list-sessions");
}

export function getSessionsQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => listSessions(client) });
}

export function useSessions(): UseQueryResult<WireSession[]> {
  return useQuery(getSessionsQueryOptions(useAuthClient()));
}
