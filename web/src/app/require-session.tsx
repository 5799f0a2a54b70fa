import type { ReactElement, ReactNode } from "react";
import { useIsMutating } from "@tanstack/react-query";
import { Navigate, useLocation, useNavigation } from "react-router";
import { useSession } from "../features/auth/api/get-session.js";
import { useAuthClient } from "../lib/auth-client.js";
import { loginURLFor } from "../lib/login-params.js";
import { isSignedIn } from "./route-guard.js";

/**
 * The same rule while a page is open: when the session query (refetched on focus, reconnect and
 * every 300000 ms) comes back without a session, the browser goes to /login with the redirect.
 */
export function RequireSession({ children }: { children: ReactNode }): ReactElement {
  const location = useLocation();
  const navigation = useNavigation();
  const session = useSession();
  const authClient = useAuthClient();
  // A sign-out (or revoke-all, or deletion) is on its way to /login itself (spec §2: sign-out
  // ends at /login, without a redirect); so is any navigation under way.
  const leaving = useIsMutating({ predicate: (mutation) => mutation.options.meta?.endsSession === true }) > 0;
  if (!leaving && navigation.state === "idle" && session.isSuccess && !isSignedIn(session.data)) {
    // A ban that ended the session is said on /login (issue 48), not a silent bounce.
    return <Navigate to={loginURLFor(`${location.pathname}${location.search}`, authClient.sessionEnd?.())} replace />;
  }
  return <>{children}</>;
}
