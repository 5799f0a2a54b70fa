import { useMutation, useQueryClient, type UseMutationResult } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface TwoFactorRuleInput {
  organizationId: string;
  required: boolean;
}

/** POST /organization/update {data: {requireTwoFactor}}: owners only (403 otherwise). */
export function setTwoFactorRule(client: AuthClient, input: TwoFactorRuleInput): Promise<WireOrganization> {
  return client.request<WireOrganization>("/organization/update", { organizationId: input.organizationId, data: { requireTwoFactor: input.required } });
}

export function useSetTwoFactorRule(): UseMutationResult<WireOrganization, Error, TwoFactorRuleInput> {
  const client = useAuthClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["auth", "two-factor", "organization-rule"],
    mutationFn: (input) => setTwoFactorRule(client, input),
    // The person's organization list (auth/organizations) carries the rule the pages' gate reads;
    // the organization queries (the Users page) live under auth/organization.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["auth", "organizations"] });
      await queryClient.invalidateQueries({ queryKey: ["auth", "organization"] });
    },
  });
}
