import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** better-auth's sso POST /sign-in/sso by the address's domain: the provider's URL, which the browser then opens. */
export function signInSso(
  client: AuthClient,
  input: { email: string; callbackURL: string; errorCallbackURL: string },
): Promise<{ url: string; redirect: boolean }> {
  return client.request("/sign-in/sso", input);
}

/** Sends the browser to the identity provider of the address's verified domain. */
export function useSignInSso(): UseMutationResult<void, Error, { email: string; callbackURL: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "sign-in-sso"],
    meta: { signIn: true },
    mutationFn: async ({ email, callbackURL }) => {
      const answer = await signInSso(client, { email, callbackURL, errorCallbackURL: "/login" });
      window.location.assign(answer.url);
    },
  });
}
