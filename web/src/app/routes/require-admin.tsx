import type { ReactElement, ReactNode } from "react";
import { isAdminRole } from "@gatehouse/auth-core/shared";
import { useSession } from "../../features/auth/api/get-session.js";
import { NotFoundPage } from "./not-found.js";

/**
 * The console is for admins: anyone else, and an admin acting as someone, sees the
 * page that is not there. The server refuses them anyway; this only keeps the page honest.
 */
export function RequireAdmin({ children }: { children: ReactNode }): ReactElement | null {
  const session = useSession();
  if (session.isPending) return null;
  const data = session.data;
  if (!data || !isAdminRole(data.user.role) || data.session.impersonatedBy) return <NotFoundPage />;
  return <>{children}</>;
}
