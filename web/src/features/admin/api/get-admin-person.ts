import { useQuery } from "@tanstack/react-query";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC } from "../../../lib/trpc.js";

/** admin.person: the profile, sessions, linked accounts, passkeys, organizations and latest events. */
// The result type is inferred from the procedure.
export function useAdminPerson(userId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.person.queryOptions({ userId }), networkMode: REMOTE_CALL_NETWORK_MODE, throwOnError: false });
}
