import type { UseMutationResult } from "@tanstack/react-query";
import type { WireUser } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { adminRequest, useAdminMutation } from "./admin-request.js";

export interface BanInput {
  userId: string;
  banReason?: string;
  /** Seconds; none: until lifted. */
  banExpiresIn?: number;
}

/** POST /admin/ban-user: every session of the person ends at once. */
export function banUser(client: AuthClient, input: BanInput): Promise<{ user: WireUser }> {
  return adminRequest(client, "/admin/ban-user", input);
}

/** POST /admin/unban-user. */
export function unbanUser(client: AuthClient, userId: string): Promise<{ user: WireUser }> {
  return adminRequest(client, "/admin/unban-user", { userId });
}

export function useBanUser(): UseMutationResult<{ user: WireUser }, Error, BanInput> {
  return useAdminMutation("ban-user", banUser);
}

export function useUnbanUser(): UseMutationResult<{ user: WireUser }, Error, string> {
  return useAdminMutation("unban-user", unbanUser);
}
