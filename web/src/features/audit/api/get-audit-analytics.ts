import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC } from "../../../lib/trpc.js";
import type { AuditAnalyticsInput } from "./types.js";

/**
 * audit.analytics over a range of whole days. While a new range loads, the last answer stays on
 * screen (marked as updating) instead of the charts collapsing to a spinner.
 */
// The result type is inferred from the procedure.
export function useAuditAnalytics(input: AuditAnalyticsInput, options: { enabled: boolean }) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.audit.analytics.queryOptions(input),
    enabled: options.enabled,
    networkMode: REMOTE_CALL_NETWORK_MODE,
    throwOnError: false,
    placeholderData: keepPreviousData,
  });
}
