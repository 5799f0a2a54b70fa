import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §7 POST /change-email {newEmail, callbackURL?}. */
export function changeEmail(client: AuthClient, input: { newEmail: string; callbackURL: string }): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/change-email", input);
}

export function useChangeEmail(): UseMutationResult<{ status: boolean }, Error, { newEmail: string }> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "change-email"],
    mutationFn: ({ newEmail }) => changeEmail(client, { newEmail, callbackURL: `/settings?notice=${NOTICE.emailChanged}` }),
    // An unverified person's email changes at once (spec §4): show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["auth", "session"] }),
  });
}
