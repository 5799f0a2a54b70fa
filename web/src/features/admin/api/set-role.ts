import type { UseMutationResult } from "@tanstack/react-query";
import type { ApplicationRole, WireUser } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { adminRequest, useAdminMutation } from "./admin-request.js";

/** POST /admin/set-role: applies to the person's open sessions at once. */
export function setRole(client: AuthClient, input: { userId: string; role: ApplicationRole }): Promise<{ user: WireUser }> {
  return adminRequest(client, "/admin/set-role", input);
}

export function useSetRole(): UseMutationResult<{ user: WireUser }, Error, { userId: string; role: ApplicationRole }> {
  return useAdminMutation("set-role", setRole);
}
