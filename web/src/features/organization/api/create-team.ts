import type { UseMutationResult } from "@tanstack/react-query";
import type { WireTeam } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface CreateTeamInput {
  name: string;
}

/** POST /organization/create-team {name}: in the active organization. */
export function createTeam(client: AuthClient, input: CreateTeamInput): Promise<WireTeam> {
  return organizationRequest<WireTeam>(client, "/organization/create-team", input);
}

export function useCreateTeam(): UseMutationResult<WireTeam, Error, CreateTeamInput> {
  return useOrganizationMutation("create-team", createTeam);
}
