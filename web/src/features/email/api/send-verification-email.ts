import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §7 POST /send-verification-email {email, callbackURL?}. */
export function sendVerificationEmail(client: AuthClient, input: { email: string; callbackURL: string }): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/send-verification-email", input);
}

export function useSendVerificationEmail(): UseMutationResult<{ status: boolean }, Error, { email: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "send-verification-email"],
    mutationFn: ({ email }) => sendVerificationEmail(client, { email, callbackURL: `/settings?notice=${NOTICE.emailVerified}` }),
  });
}
