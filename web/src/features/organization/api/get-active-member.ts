import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireMemberWithUser } from "@gatehouse/auth-core/shared";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { ORGANIZATION_QUERY_ROOT, organizationRequest } from "./organization-request.js";

export const ACTIVE_MEMBER_QUERY_KEY = [...ORGANIZATION_QUERY_ROOT, "active-member"] as const;

/**
 * GET /organization/get-active-member: the viewer's own membership, whose role decides every
 * control. No active organization (400 NO_ACTIVE_ORGANIZATION / MEMBER_NOT_FOUND) is null.
 */
export async function getActiveMember(client: AuthClient): Promise<WireMemberWithUser | null> {
  try {
    return await organizationRequest<WireMemberWithUser>(client, "/organization/get-active-member");
  } catch (error) {
    if (error instanceof AuthRequestError && error.status === 400) return null;
    throw error;
  }
}

export function getActiveMemberQueryOptions(client: AuthClient) {
  return queryOptions({ queryKey: ACTIVE_MEMBER_QUERY_KEY, queryFn: () => getActiveMember(client) });
}

export function useActiveMember(): UseQueryResult<WireMemberWithUser | null> {
  return useQuery(getActiveMemberQueryOptions(useAuthClient()));
}
