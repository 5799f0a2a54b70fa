import { useMutation, useQuery, type UseMutationResult, type UseQueryResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

/** What the invitation link shows a signed-out visitor (GET /organization/invitation-preview). */
export interface InvitationPreview {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
}

export function getInvitationPreview(client: AuthClient, id: string): Promise<InvitationPreview> {
  return client.request<InvitationPreview>("/organization/invitation-preview", undefined, { query: { id } });
}

export function useInvitationPreview(id: string): UseQueryResult<InvitationPreview> {
  const client = useAuthClient();
  // An unknown or used invitation is an answer, shown in place: not retried, no error screen.
  return useQuery({ queryKey: ["invitation-preview", id], queryFn: () => getInvitationPreview(client, id), retry: false, throwOnError: false });
}

/** POST /organization/invitation-sign-up: a one-time link to the invited address that creates its account. */
export function useRequestInvitationSignUp(): UseMutationResult<{ status: boolean }, Error, { invitationId: string }> {
  const client = useAuthClient();
  return useMutation({
    mutationKey: ["auth", "invitation-sign-up"],
    mutationFn: (input) => client.request<{ status: boolean }>("/organization/invitation-sign-up", input),
  });
}
