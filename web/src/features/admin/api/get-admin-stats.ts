import { useQuery } from "@tanstack/react-query";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC } from "../../../lib/trpc.js";

/** admin.stats: people, new this week, admins, banned, and sign-ins and failures per day (14 days). */
// The result type is inferred from the procedure.
export function useAdminStats() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.admin.stats.queryOptions(), networkMode: REMOTE_CALL_NETWORK_MODE, throwOnError: false });
}
