import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/**
 * POST /sign-up/email {name, email, password, callbackURL}: creates the account, signs the person
 * in, and mails the verification link (spec §4), which comes back to Settings with its outcome.
 */
export function signUpEmail(client: AuthClient, input: SignUpInput): Promise<{ token: string | null }> {
  return client.request<{ token: string | null }>("/sign-up/email", { ...input, callbackURL: `/settings?notice=${NOTICE.emailVerified}` });
}

export function useSignUpEmail(): UseMutationResult<{ token: string | null }, Error, SignUpInput> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "sign-up-email"], meta: { signIn: true }, retry: 0, mutationFn: (input) => signUpEmail(client, input) });
}
