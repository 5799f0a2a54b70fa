import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §7 POST /link-social: the provider's authorization URL; the callback links the account. */
export function linkSocial(client: AuthClient, input: { provider: "google"; callbackURL: string; errorCallbackURL: string }): Promise<{ url?: string; redirect: boolean }> {
  return client.request<{ url?: string; redirect: boolean }>("/link-social", input);
}

export function useLinkGoogle(): UseMutationResult<void, Error, void> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "link-social"],
    mutationFn: async () => {
      const answer = await linkSocial(client, { provider: "google", callbackURL: "/settings", errorCallbackURL: "/settings" });
      if (!answer.url) throw new Error("The server did not return a sign-in address.");
      window.location.assign(answer.url);
    },
  });
}
