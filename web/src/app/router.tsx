import type { ReactElement } from "react";
import { createBrowserRouter, createMemoryRouter, redirect, type RouteObject } from "react-router";
import { LoginScreen } from "../features/auth/components/login-screen.js";
import { AboutPage, type BuildInfo } from "../features/about/components/about-page.js";
import { AppLayout } from "./app-layout.js";
import { RouteErrorScreen } from "./error-boundary.js";
import { createLoginLoader, createRequireSessionLoader, type GuardDeps } from "./route-guard.js";
import { DashboardPage } from "./routes/dashboard.js";
import { AcceptInvitationPage } from "./routes/accept-invitation.js";
import { AnalyticsPage, NotFoundPage, ReportsPage, SubscribePage } from "./routes/planned-pages.js";
import { SettingsPage } from "./routes/settings.js";
import { UsersPage } from "./routes/users.js";

function Loading(): ReactElement {
  return <p className="loading" role="status">Loading…</p>;
}

export interface RouterDeps extends GuardDeps {
  build: BuildInfo;
}

/** Spec §2: /login is public; every other route is behind the session guard; / → /dashboard. */
export function createRoutes(deps: RouterDeps): RouteObject[] {
  const requireSession = createRequireSessionLoader(deps);
  return [
    { path: "/login", loader: createLoginLoader(deps), element: <LoginScreen />, errorElement: <RouteErrorScreen />, hydrateFallbackElement: <Loading /> },
    {
      path: "/",
      id: "app",
      loader: requireSession,
      element: <AppLayout />,
      hydrateFallbackElement: <Loading />,
      errorElement: <RouteErrorScreen />,
      children: [
        // Child loaders run beside the parent's: check the session first, so that a signed-out
        // visit to / keeps "/" as its redirect (spec §2).
        {
          index: true,
          loader: async (args) => {
            await requireSession(args);
            return redirect("/dashboard");
          },
        },
        { path: "dashboard", element: <DashboardPage /> },
        { path: "analytics", element: <AnalyticsPage /> },
        { path: "reports", element: <ReportsPage /> },
        { path: "users", element: <UsersPage /> },
        { path: "accept-invitation/:id", element: <AcceptInvitationPage /> },
        { path: "subscribe", element: <SubscribePage /> },
        { path: "settings", element: <SettingsPage /> },
        { path: "about", element: <AboutPage build={deps.build} /> },
        { path: "*", element: <NotFoundPage /> },
      ],
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
