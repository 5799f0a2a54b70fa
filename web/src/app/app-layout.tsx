import { useEffect, useRef, useState, type ReactElement, type RefObject } from "react";
import { Avatar } from "../components/avatar.js";
import { OutcomeNotice } from "../components/outcome-notice.js";
import { QueryErrorResetBoundary, useQueryClient } from "@tanstack/react-query";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import type { WireSessionResult } from "@gatehouse/auth-core/shared";
import { SESSION_QUERY_KEY, useSession } from "../features/auth/api/get-session.js";
import { useSignOut } from "../features/auth/api/sign-out.js";
import { isAdminRole } from "@gatehouse/auth-core/shared";
import { adminActionError } from "../features/admin/api/admin-request.js";
import { useStopImpersonating } from "../features/admin/api/impersonate-user.js";
import { ImpersonationBanner } from "../features/admin/components/impersonation-banner.js";
import { OrganizationSwitcher } from "../features/organization/components/organization-switcher.js";
import { loginURLFor } from "../lib/login-params.js";
import { AUTH_QUERY_ROOT } from "../lib/query-client.js";
import { isRemoteCallQueryKey } from "../lib/trpc.js";
import { useAuthFailure, useAuthFailureStore } from "./auth-failure.js";
import { AppErrorFallback, ErrorBoundary } from "./error-boundary.js";
import { AuthRequiredScreen } from "./error-screens.js";
import { isSignedIn } from "./route-guard.js";
import { RequireSession } from "./require-session.js";
import { LanguageSwitcher } from "../components/language-switcher.js";
import { useTranslation, type MessageId } from "../lib/i18n.js";
import { useBrand } from "../lib/shell-config.js";
import "./app-layout.css";

const NAV_ITEMS = [
  { to: "/dashboard", label: "nav.dashboard" },
  { to: "/analytics", label: "nav.analytics" },
  { to: "/reports", label: "nav.reports" },
  { to: "/users", label: "nav.users" },
  { to: "/subscribe", label: "nav.subscribe" },
  { to: "/settings", label: "nav.settings" },
  { to: "/about", label: "nav.about" },
] as const;

/** The console's link, for admins only (not while acting as someone else). */
const ADMIN_ITEM = { to: "/admin", label: "nav.admin" } as const;

function useNavItems(): ReadonlyArray<{ to: string; label: MessageId }> {
  const session = useSession();
  const data = session.data;
  const admin = data ? isAdminRole(data.user.role) && !data.session.impersonatedBy : false;
  return admin ? [...NAV_ITEMS, ADMIN_ITEM] : NAV_ITEMS;
}

/** While an admin acts as someone: the banner on every page, with the way back. */
function Impersonation(): ReactElement | null {
  const session = useSession();
  const stop = useStopImpersonating();
  const data = session.data;
  if (!data?.session.impersonatedBy) return null;
  return (
    <ImpersonationBanner
      name={data.user.name}
      email={data.user.email}
      stopping={stop.isPending}
      error={stop.isError ? adminActionError(stop.error) : null}
      onStop={() => stop.mutate({ userId: data.user.id })}
    />
  );
}

function AccountMenu(): ReactElement {
  const session = useSession();
  const signOut = useSignOut();
  const { t } = useTranslation();
  const user = session.data?.user;
  return (
    <div className="account-menu">
      {user && (
        <span className="who-with-avatar" title={`${user.name} (${user.email})`}>
          <Avatar name={user.name} email={user.email} image={user.image} />
          <span className="who">{user.name || user.email}</span>
        </span>
      )}
      <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {signOut.isPending ? t("layout.signingOut") : t("layout.signOut")}
      </button>
    </div>
  );
}

/** The organization switcher, given the session facts it needs (features do not import one another). */
function NavOrganizationSwitcher(): ReactElement {
  const session = useSession();
  const queryClient = useQueryClient();
  // Read so that this re-renders when the session check settles: after impersonation starts or
  // stops the cache is emptied, the list waits for the new session, and nothing else would ask it
  // again (issue 48: "Loading organizations…" for good).
  void session.fetchStatus;
  const canLoad = (): boolean => {
    const state = queryClient.getQueryState<WireSessionResult | null>(SESSION_QUERY_KEY);
    return isSignedIn(state?.data) && state?.fetchStatus === "idle";
  };
  return <OrganizationSwitcher activeOrganizationId={session.data?.session.activeOrganizationId ?? null} canLoad={canLoad} />;
}

/**
 * The audit log's organization scope and the plan follow the session's active organization:
 * when the switcher (or a new organization) changes it, every remote call is asked again.
 */
function useRefetchRemoteCallsOnOrganizationChange(): void {
  const session = useSession();
  const queryClient = useQueryClient();
  const activeOrganizationId = session.data?.session.activeOrganizationId;
  const previous = useRef(activeOrganizationId);
  useEffect(() => {
    if (activeOrganizationId === undefined || previous.current === activeOrganizationId) return;
    const first = previous.current === undefined;
    previous.current = activeOrganizationId;
    if (!first) void queryClient.invalidateQueries({ predicate: (query) => isRemoteCallQueryKey(query.queryKey) });
  }, [activeOrganizationId, queryClient]);
}

/**
 * The header's menu on a phone (≤ 640 px, app-layout.css): a button that shows and hides the
 * navigation, the switcher and the account menu. Wider screens show them in one row and never
 * see the button. The menu closes on navigation and on Escape (focus back on the button).
 */
interface HeaderMenu {
  open: boolean;
  toggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

function useHeaderMenu(): HeaderMenu {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return { open, toggle: () => setOpen((value) => !value), buttonRef };
}

function AuthFailureScreen({ error }: { error: unknown }): ReactElement {
  const store = useAuthFailureStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthRequiredScreen
      error={error}
      onTryAgain={() => {
        store.clear();
        void queryClient.resetQueries();
      }}
      onSignIn={() => {
        queryClient.removeQueries({ queryKey: AUTH_QUERY_ROOT });
        store.clear();
        void navigate(loginURLFor(`${location.pathname}${location.search}`));
      }}
    />
  );
}

/** The signed-in shell: skip link, navigation to every page, the account menu, the page. */
export function AppLayout(): ReactElement {
  const failure = useAuthFailure();
  const { pathname } = useLocation();
  const navItems = useNavItems();
  const page = [...NAV_ITEMS, ADMIN_ITEM].find((item) => pathname.startsWith(item.to));
  const menu = useHeaderMenu();
  const { t } = useTranslation();
  const brand = useBrand();
  const user = useSession().data?.user;
  useRefetchRemoteCallsOnOrganizationChange();
  const title = page ? t("page.title", { page: t(page.label), app: brand.name }) : brand.name;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("layout.skip")}
      </a>
      <header className="topbar" data-admin={navItems.length > NAV_ITEMS.length || undefined}>
        <Link className="brand" to="/dashboard">
          {brand.logoUrl && <img className="brand-logo" src={brand.logoUrl} alt="" />}
          {brand.name}
        </Link>
        {/* Signed out underneath (issue 48): the bar keeps the name only, no pages, switcher or Sign out. */}
        {failure === null && (
          <>
            <button
              ref={menu.buttonRef}
              type="button"
              className="secondary menu-button"
              aria-expanded={menu.open}
              aria-controls="header-menu"
              onClick={menu.toggle}
            >
              {t("layout.menu")}
            </button>
            <div id="header-menu" className="header-menu" data-open={menu.open || undefined}>
              <nav aria-label="Main">
                <ul>
                  {navItems.map((item) => (
                    <li key={item.to}>
                      <NavLink to={item.to}>{t(item.label)}</NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <NavOrganizationSwitcher />
              <LanguageSwitcher compact />
              <AccountMenu />
            </div>
          </>
        )}
      </header>
      <Impersonation />
      <main id="main" tabIndex={-1}>
        <OutcomeNotice facts={{ email: user?.email, emailVerified: user?.emailVerified }} />
        {failure !== null ? (
          <AuthFailureScreen error={failure} />
        ) : (
          <RequireSession>
            <QueryErrorResetBoundary>
              {({ reset }) => (
                <ErrorBoundary key={pathname} onReset={reset} fallback={(error, resetBoundary) => <AppErrorFallback error={error} reset={resetBoundary} />}>
                  <Outlet />
                </ErrorBoundary>
              )}
            </QueryErrorResetBoundary>
          </RequireSession>
        )}
      </main>
    </div>
  );
}
