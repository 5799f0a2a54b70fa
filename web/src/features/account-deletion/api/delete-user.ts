import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { AUTH_QUERY_ROOT } from "../../../lib/query-client.js";
import { useLeaveToLogin } from "../../../lib/leave-to-login.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface DeleteUserAnswer {
  success: boolean;
  /** "User deleted" or "Verification email sent" (spec §7). */
  message: string;
}

/**
 * Spec §7 POST /delete-user {password?, callbackURL?}. Without a password the session must be
 * fresh, or the server mails a confirmation link (spec §5).
 */
export function deleteUser(client: AuthClient, input: { password?: string; callbackURL: string }): Promise<DeleteUserAnswer> {
  return client.request<DeleteUserAnswer>("/delete-user", input);
}

export function useDeleteUser(): UseMutationResult<DeleteUserAnswer, Error, { password?: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const leaveToLogin = useLeaveToLogin();
  return useMutation({
    mutationKey: ["auth", "delete-user"],
    meta: { endsSession: true },
    mutationFn: async ({ password }) => {
      const answer = await deleteUser(client, { ...(password ? { password } : {}), callbackURL: `/login?notice=${NOTICE.accountDeleted}` });
      // Deleted at once: the session is gone with the account. Otherwise a mail confirms it.
      if (answer.message === "User deleted") {
        queryClient.removeQueries({ queryKey: AUTH_QUERY_ROOT });
        await leaveToLogin(NOTICE.accountDeleted);
      }
      return answer;
    },
  });
}
