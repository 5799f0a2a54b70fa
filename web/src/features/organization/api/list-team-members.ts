import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { WireTeamMember } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { ORGANIZATION_QUERY_ROOT, organizationRequest } from "./organization-request.js";

export function teamMembersQueryKey(teamId: string) {
  return [...ORGANIZATION_QUERY_ROOT, "team-members", teamId] as const;
}

/** GET /organization/list-team-members?teamId=: who is in one team. */
export function listTeamMembers(client: AuthClient, teamId: string): Promise<WireTeamMember[]> {
  return organizationRequest<WireTeamMember[]>(client, "/organization/list-team-members", undefined, { teamId });
}

export function getTeamMembersQueryOptions(client: AuthClient, teamId: string) {
  return queryOptions({ queryKey: teamMembersQueryKey(teamId), queryFn: () => listTeamMembers(client, teamId) });
}

/** One team card's list: a failure shows in that card, not as the page's error screen. */
export function useTeamMembers(teamId: string): UseQueryResult<WireTeamMember[]> {
  return useQuery({ ...getTeamMembersQueryOptions(useAuthClient(), teamId), throwOnError: false });
}
