import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** Spec §7 POST /link-social: the provider's authorization URL; the callback links the account. */
export function linkSocial(
  client: AuthClient,
  input: { provider: string; callbackURL: string; errorCallbackURL: string },
): Promise<{ url?: string; redirect: boolean }> {
  return client.request<{ url?: string; redirect: boolean }>("/link-social", input);
}

/** Links the provider of that id (google, github, …): leaves for its page, back to /settings. */
export function useLinkSocial(): UseMutationResult<void, Error, { provider: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "link-social"],
    mutationFn: async ({ provider }) => {
      const answer = await linkSocial(client, { provider, callbackURL: `/settings?notice=${NOTICE.accountLinked}`, errorCallbackURL: "/settings" });
      if (!answer.url) throw new Error("The server did not return a sign-in address.");
      window.location.assign(answer.url);
    },
  });
}
