import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminUserFilter } from "@gatehouse/server/shared";
import { REMOTE_CALL_NETWORK_MODE } from "../../../lib/query-client.js";
import { useTRPC } from "../../../lib/trpc.js";

/** Rows per page of the console's table. */
export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminUsersInput {
  search: string;
  filter: AdminUserFilter;
  page: number;
}

/** admin.users: one page of people with their last sign-in and methods; the previous page stays while the next loads. */
// The result type is inferred from the procedure.
export function useAdminUsers(input: AdminUsersInput) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.admin.users.queryOptions({
      search: input.search.trim() || undefined,
      filter: input.filter,
      limit: ADMIN_USERS_PAGE_SIZE,
      offset: input.page * ADMIN_USERS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
    networkMode: REMOTE_CALL_NETWORK_MODE,
    throwOnError: false,
  });
}
