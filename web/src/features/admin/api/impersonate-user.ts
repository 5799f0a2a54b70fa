import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { WireSessionResult } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";
import { adminRequest } from "./admin-request.js";

/** POST /admin/impersonate-user: this browser becomes the person's for an hour at most. */
export function impersonateUser(client: AuthClient, userId: string): Promise<WireSessionResult> {
  return adminRequest(client, "/admin/impersonate-user", { userId });
}

/** POST /admin/stop-impersonating: back on the admin's own session. */
export function stopImpersonating(client: AuthClient): Promise<WireSessionResult> {
  return adminRequest(client, "/admin/stop-impersonating", {});
}

/**
 * Both change whose session this browser holds: every cached answer was someone else's, so the
 * cache is emptied before the next page asks (the session query included).
 */
function useSwitchSession<TInput>(name: string, call: (client: AuthClient, input: TInput) => Promise<WireSessionResult>, to: (input: TInput) => string) {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ["auth", "admin", name],
    retry: false,
    mutationFn: async (input: TInput) => {
      const result = await call(client, input);
      queryClient.clear();
      await navigate(to(input));
      return result;
    },
  });
}

export function useImpersonateUser(): UseMutationResult<WireSessionResult, Error, string> {
  return useSwitchSession("impersonate-user", impersonateUser, () => "/dashboard");
}

/** Ends on the person's page in the console, where the admin was. */
export function useStopImpersonating(): UseMutationResult<WireSessionResult, Error, { userId: string }> {
  return useSwitchSession(
    "stop-impersonating",
    (client: AuthClient) => stopImpersonating(client),
    ({ userId }) => `/admin/users/${encodeURIComponent(userId)}`,
  );
}
