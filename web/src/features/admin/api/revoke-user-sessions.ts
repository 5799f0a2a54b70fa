import type { UseMutationResult } from "@tanstack/react-query";
import type { AuthClient } from "../../../lib/auth-client.js";
import { adminRequest, useAdminMutation } from "./admin-request.js";

/** POST /admin/revoke-user-session: one session, by its id. */
export function revokeUserSession(client: AuthClient, sessionId: string): Promise<{ success: boolean }> {
  return adminRequest(client, "/admin/revoke-user-session", { sessionToken: sessionId });
}

/** POST /admin/revoke-user-sessions: every session of the person. */
export function revokeUserSessions(client: AuthClient, userId: string): Promise<{ success: boolean }> {
  return adminRequest(client, "/admin/revoke-user-sessions", { userId });
}

export function useRevokeUserSession(): UseMutationResult<{ success: boolean }, Error, string> {
  return useAdminMutation("revoke-user-session", revokeUserSession);
}

export function useRevokeUserSessions(): UseMutationResult<{ success: boolean }, Error, string> {
  return useAdminMutation("revoke-user-sessions", revokeUserSessions);
}
