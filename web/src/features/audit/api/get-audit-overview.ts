import { useQuery } from "@tanstack/react-query";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC } from "../../../lib/trpc.js";

/**
 * audit.overview: the person's figures, their active organization (plan, seats, whether they
 * may read its audit log) and their last few events. The page shows its own loading and error
 * states; an authentication error still reaches the Authentication Required screen through the
 * query cache (spec §8).
 */
// The result type is inferred from the procedure.
export function useAuditOverview() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.audit.overview.queryOptions(), networkMode: REMOTE_CALL_NETWORK_MODE, throwOnError: false });
}
