import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface SocialSignInAnswer {
  url?: string;
  redirect: boolean;
}

/** Spec §7 POST /sign-in/social: the provider's authorization URL, which the browser then opens. */
export function signInSocial(client: AuthClient, input: { provider: string; callbackURL: string; errorCallbackURL: string }): Promise<SocialSignInAnswer> {
  return client.request<SocialSignInAnswer>("/sign-in/social", input);
}

/** Starts a sign-in with the provider of that id (google, github, …) and leaves for its page. */
export function useSignInSocial(): UseMutationResult<void, Error, { provider: string; callbackURL: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "sign-in-social"],
    meta: { signIn: true },
    mutationFn: async ({ provider, callbackURL }) => {
      // A refused sign-in comes back to the login screen with ?error=<code> (spec §8).
      const answer = await signInSocial(client, { provider, callbackURL, errorCallbackURL: "/login" });
      if (!answer.url) throw new Error("The server did not return a sign-in address.");
      window.location.assign(answer.url);
    },
  });
}
