import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { useLeaveToLogin } from "../../../lib/leave-to-login.js";
import { AUTH_QUERY_ROOT } from "../../../lib/query-client.js";

export function signOut(client: AuthClient): Promise<{ success: boolean }> {
  return client.request<{ success: boolean }>("/sign-out", {});
}

/**
 * Spec §4: sign-out calls the auth sign-out, invalidates every cached auth query and ends at
 * /login, also when the server no longer knows the session (it is gone either way).
 */
export function useSignOut(): UseMutationResult<void, Error, void> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const leaveToLogin = useLeaveToLogin();
  return useMutation({
    mutationKey: ["auth", "sign-out"],
    meta: { endsSession: true },
    retry: 0,
    mutationFn: async () => {
      try {
        await signOut(client);
      } finally {
        // Marked stale without refetching: the open page's queries would only meet 401s. The
        // /login guard reads the session afresh.
        await queryClient.invalidateQueries({ queryKey: AUTH_QUERY_ROOT, refetchType: "none" });
        await leaveToLogin();
      }
    },
  });
}
