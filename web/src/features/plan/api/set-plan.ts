import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isRemoteCallQueryKey, useTRPC } from "../../../lib/trpc.js";

/**
 * plan.set (owners only): the answer is the new plan.get, stored at once; every other remote
 * call is refetched (the dashboard's overview shows the plan too). A refusal (not an owner, or
 * more members than the new plan's seats) is the server's message, shown by the form.
 */
// The result type is inferred from the procedure (its error is a TRPCClientErrorLike).
export function useSetOrganizationPlan() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.plan.set.mutationOptions(),
    onSuccess: (plan) => {
      queryClient.setQueryData(trpc.plan.get.queryKey(), plan);
      void queryClient.invalidateQueries({ predicate: (query) => isRemoteCallQueryKey(query.queryKey) });
    },
  });
}
