import { lazy, Suspense, type ReactElement } from "react";
import { createBrowserRouter, createMemoryRouter, data, isRouteErrorResponse, matchRoutes, redirect, useRouteError, type RouteObject } from "react-router";
import { LoginScreen } from "../features/auth/components/login-screen.js";
import type { BuildInfo } from "../features/about/components/about-page.js";
import { createLoginLoader, createRequireSessionLoader, isSignedIn, type GuardDeps } from "./route-guard.js";
import { getSessionQueryOptions } from "../features/auth/api/get-session.js";

function Loading(): ReactElement {
  return (
    <p className="loading" role="status">
      Loading…
    </p>
  );
}

/**
 * The error screens arrive when a route fails, not with /login's first load (it must
 * stay within 100 KB); the signed-in layout imports the same chunk for its own boundary.
 */
const LazyRouteErrorScreen = lazy(async () => ({ default: (await import("./error-boundary.js")).RouteErrorScreen }));

/** "Page not found" for a signed-out visitor: the page alone, with the way to the sign-in screen. */
const LazySignedOutNotFound = lazy(async () => ({ default: (await import("./routes/not-found.js")).SignedOutNotFoundPage }));

function RouteErrorScreen(): ReactElement {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <Suspense fallback={<Loading />}>
        <LazySignedOutNotFound />
      </Suspense>
    );
  return (
    <Suspense fallback={<Loading />}>
      <LazyRouteErrorScreen />
    </Suspense>
  );
}

export interface RouterDeps extends GuardDeps {
  build: BuildInfo;
}

/**
 * Route-level code splitting: /login loads only the sign-in screen; the signed-in
 * layout and each page arrive as their own chunks when first visited, so heavy pages (charts)
 * cost nothing where they are not used.
 */
const page = (load: () => Promise<{ Component: RouteObject["Component"] }>): Pick<RouteObject, "lazy"> => ({ lazy: load });

/** Spec §2: /login is public; every other route is behind the session guard; / → /dashboard. */
function createRoutes(deps: RouterDeps): RouteObject[] {
  const requireSession = createRequireSessionLoader(deps);
  const children: RouteObject[] = [
    // Child loaders run beside the parent's: check the session first, so that a signed-out
    // visit to / keeps "/" as its redirect (spec §2).
    {
      index: true,
      loader: async (args) => {
        await requireSession(args);
        return redirect("/dashboard");
      },
    },
    { path: "dashboard", ...page(async () => ({ Component: (await import("./routes/dashboard.js")).DashboardPage })) },
    { path: "analytics", ...page(async () => ({ Component: (await import("./routes/analytics.js")).AnalyticsPage })) },
    { path: "reports", ...page(async () => ({ Component: (await import("./routes/reports.js")).ReportsPage })) },
    { path: "users", ...page(async () => ({ Component: (await import("./routes/users.js")).UsersPage })) },
    { path: "accept-invitation/:id", ...page(async () => ({ Component: (await import("./routes/accept-invitation.js")).AcceptInvitationPage })) },
    { path: "subscribe", ...page(async () => ({ Component: (await import("./routes/subscribe.js")).SubscribePage })) },
    { path: "settings", ...page(async () => ({ Component: (await import("./routes/settings.js")).SettingsPage })) },
    { path: "admin", ...page(async () => ({ Component: (await import("./routes/admin.js")).AdminPage })) },
    { path: "admin/users/:id", ...page(async () => ({ Component: (await import("./routes/admin-person.js")).AdminPersonPage })) },
    {
      path: "about",
      ...page(async () => {
        const { AboutPage } = await import("../features/about/components/about-page.js");
        return { Component: () => <AboutPage build={deps.build} /> };
      }),
    },
    { path: "*", ...page(async () => ({ Component: (await import("./routes/not-found.js")).NotFoundPage })) },
  ];
  // An address no page answers is a real 404 for a signed-out visitor (issue 48), not /login:
  // only the pages that exist ask for a session.
  const unknownPath = (url: string): boolean => matchRoutes([{ path: "/", children }], new URL(url).pathname)?.at(-1)?.route.path === "*";
  return [
    { path: "/login", loader: createLoginLoader(deps), element: <LoginScreen />, errorElement: <RouteErrorScreen />, hydrateFallbackElement: <Loading /> },
    // EMAIL_SIGN_IN: creating an account is its own screen (a signed-in person goes on, as from /login).
    {
      path: "/sign-up",
      loader: createLoginLoader(deps),
      lazy: async () => ({ Component: (await import("../features/auth/components/email-sign-in-slot.js")).SignUpScreen }),
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <Loading />,
    },
    // Public: the mailed reset link lands here (spec §2 /reset-password/{token} redirects with ?token=).
    {
      path: "/reset-password",
      lazy: async () => ({ Component: (await import("../features/auth/components/email-sign-in-slot.js")).ResetPasswordScreen }),
      errorElement: <RouteErrorScreen />,
    },
    {
      path: "/two-factor",
      loader: createLoginLoader(deps),
      ...page(async () => ({ Component: (await import("../features/two-factor/components/second-step-screen.js")).SecondStepScreen })),
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <Loading />,
    },
    // Another app's sign-in through Gatehouse asks the person here (the authorize endpoint's query); signed in only.
    {
      path: "/consent",
      loader: requireSession,
      ...page(async () => ({ Component: (await import("../features/connected-apps/components/consent-screen.js")).ConsentScreen })),
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <Loading />,
    },
    {
      path: "/",
      id: "app",
      loader: async (args) => {
        if (unknownPath(args.request.url) && !isSignedIn(await deps.queryClient.fetchQuery(getSessionQueryOptions(deps.authClient))))
          throw data("Not Found", { status: 404 });
        return requireSession(args);
      },
      lazy: async () => ({ Component: (await import("./signed-in-layout.js")).SignedInLayout }),
      hydrateFallbackElement: <Loading />,
      errorElement: <RouteErrorScreen />,
      children,
    },
  ];
}

export function createAppRouter(deps: RouterDeps): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(createRoutes(deps));
}

/** For component tests: the same routes in memory. */
export function createTestRouter(deps: RouterDeps, initialEntries: string[]): ReturnType<typeof createMemoryRouter> {
  return createMemoryRouter(createRoutes(deps), { initialEntries });
}
