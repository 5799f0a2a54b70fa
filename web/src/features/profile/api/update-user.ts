import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { useAuthClient, type AuthClient } from "../../../lib/auth-client.js";

export interface UpdateUserInput {
  name?: string;
  image?: string | null;
}

/** POST /update-user; the auth client refreshes auth/session afterwards (spec §4). */
export function updateUser(client: AuthClient, input: UpdateUserInput): Promise<{ status: boolean }> {
  return client.request<{ status: boolean }>("/update-user", input);
}

export function useUpdateUser(): UseMutationResult<{ status: boolean }, Error, UpdateUserInput> {
  const client = useAuthClient();
  return useMutation({ mutationKey: ["auth", "update-user"], mutationFn: (input) => updateUser(client, input) });
}
