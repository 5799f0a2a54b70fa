import { queryOptions, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from "@tanstack/react-query";
import type { WireOrganization, WireSessionResult } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { SESSION_QUERY_KEY } from "../../auth/api/get-session.js";

export const ORGANIZATIONS_QUERY_KEY = ["auth", "organizations"] as const;

/** Spec §7 GET /organization/list: the organizations the person belongs to. */
export function listOrganizations(client: AuthClient): Promise<WireOrganization[]> {
  return client.request<WireOrganization[]>("/organization/list");
}

export function getOrganizationsQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: ORGANIZATIONS_QUERY_KEY, queryFn: () => listOrganizations(client) });
}

/** The session check has settled on a signed-in person (read when the query would fetch). */
function sessionConfirmed(queryClient: QueryClient): boolean {
  const state = queryClient.getQueryState<WireSessionResult | null>(SESSION_QUERY_KEY);
  return Boolean(state?.data?.user && state.data.session) && state?.fetchStatus === "idle";
}

/**
 * The switcher's list: a failure shows in the switcher, it does not take the page down. It lives
 * in the navigation bar, mounted on every page and beside the Authentication Required screen, so
 * it asks only once the session check has settled on a signed-in person: otherwise its 401 after
 * a lost session would race the guard's redirect to /login (spec §2) with a second
 * Authentication Required. `enabled` is a function so that it is read at fetch time, also when
 * Try Again resets every query at once.
 */
export function useOrganizations(): UseQueryResult<WireOrganization[]> {
  const queryClient = useQueryClient();
  return useQuery({ ...getOrganizationsQueryOptions(useAuthClient()), throwOnError: false, enabled: () => sessionConfirmed(queryClient) });
}
