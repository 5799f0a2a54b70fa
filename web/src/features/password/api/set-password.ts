import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc.js";

/**
 * A first password for a person who has none. The auth service's set-password is server-only
 * (spec §6), so this goes through the remote-call procedure account.setPassword.
 */
// The result type is inferred from the procedure (its error is a TRPCClientErrorLike).
export function useSetPassword() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.account.setPassword.mutationOptions(),
    // The credential account now exists: the linked-accounts list changes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["auth"] }),
  });
}
