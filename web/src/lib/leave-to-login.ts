import { useNavigate } from "react-router";

/**
 * Where a sign-out, a revoke-all and a deleted account end (spec §2, §4): /login, with the notice
 * that tells what happened (`?notice=`, url-outcomes.ts) or none. The promise settles once /login
 * is on screen (flushSync). The router otherwise renders a navigation as a React transition, and
 * the session-ending mutation that awaited it settled first: the page being left, still mounted,
 * then saw no session and no session-ending mutation under way (require-session.tsx's RequireSession)
 * and sent the browser to /login?redirect=<that page> over the notice. On a slow device
 * revoke-all lost "You were signed out everywhere" that way.
 */
export function useLeaveToLogin(): (notice?: string) => Promise<void> {
  const navigate = useNavigate();
  return async (notice) => {
    await navigate(notice ? `/login?notice=${notice}` : "/login", { flushSync: true });
  };
}
