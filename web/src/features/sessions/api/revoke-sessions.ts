import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { useLeaveToLogin } from "../../../lib/leave-to-login.js";
import { AUTH_QUERY_ROOT } from "../../../lib/query-client.js";
import { SESSIONS_QUERY_KEY } from "./list-sessions.js";

/** POST /revoke-session {token}: one of the person's sessions, by its listed handle. */
export function revokeSession(client: AuthClient, token: string): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/revoke-session", { token });
}

/** POST /revoke-other-sessions: every session but this one. */
export function revokeOtherSessions(client: AuthClient): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/revoke-other-sessions", {});
}

/** POST /revoke-sessions: every session, this one included. */
export function revokeAllSessions(client: AuthClient): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/revoke-sessions", {});
}

export function useRevokeSession(): UseMutationResult<{ status: boolean }, Error, { token: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "revoke-session"],
    mutationFn: ({ token }) => revokeSession(client, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

export function useRevokeOtherSessions(): UseMutationResult<{ status: boolean }, Error, void> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "revoke-other-sessions"],
    mutationFn: () => revokeOtherSessions(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}

/** Revoking all signs this browser out too, so it ends at /login like a sign-out (spec §2). */
export function useRevokeAllSessions(): UseMutationResult<void, Error, void> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const leaveToLogin = useLeaveToLogin();
  return useMutation({
    mutationKey: ["auth", "revoke-sessions"],
    meta: { endsSession: true },
    mutationFn: async () => {
      await revokeAllSessions(client);
      queryClient.removeQueries({ queryKey: AUTH_QUERY_ROOT });
      await leaveToLogin(NOTICE.sessionsRevoked);
    },
  });
}
