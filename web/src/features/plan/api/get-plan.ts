import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC, type AppRouter } from "../../../lib/trpc.js";

/** plan.get's answer for an active organization (null: the person has none). */
export type OrganizationPlan = NonNullable<inferRouterOutputs<AppRouter>["plan"]["get"]>;

/** plan.get: the active organization's plan, seats used and the plans it may choose. */
// The result type is inferred from the procedure.
export function useOrganizationPlan() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.plan.get.queryOptions(), networkMode: REMOTE_CALL_NETWORK_MODE, throwOnError: false });
}
