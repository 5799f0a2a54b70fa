import type { UseMutationResult } from "@tanstack/react-query";
import type { AuthClient } from "../../../lib/auth-client.js";
import { adminRequest, useAdminMutation } from "./admin-request.js";

/** POST /admin/remove-user: the account and everything it holds. */
export function removeUser(client: AuthClient, userId: string): Promise<{ success: boolean }> {
  return adminRequest(client, "/admin/remove-user", { userId });
}

export function useRemoveUser(): UseMutationResult<{ success: boolean }, Error, string> {
  return useAdminMutation("remove-user", removeUser);
}
