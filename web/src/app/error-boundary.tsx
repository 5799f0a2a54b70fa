import { Component, type ErrorInfo, type ReactElement, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate, useRevalidator, useRouteError } from "react-router";
import { isAuthError } from "../lib/auth-errors.js";
import { loginURLFor } from "../lib/login-params.js";
import { AUTH_QUERY_ROOT } from "../lib/query-client.js";
import { useAuthFailureStore } from "./auth-failure.js";
import { AuthRequiredScreen, GenericErrorScreen } from "./error-screens.js";

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (error: unknown, reset: () => void) => ReactNode;
  onReset?: () => void;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Spec §4: a caught error shows the fallback; Try Again resets it. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Spec §8: errors are logged to the console.
    console.error("render error", error, info.componentStack);
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null, hasError: false });
  };

  override render(): ReactNode {
    return this.state.hasError ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** Picks the screen for an error: Authentication Required for auth errors (spec §8), else generic. */
export function AppErrorFallback({ error, reset }: { error: unknown; reset: () => void }): ReactElement {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const failures = useAuthFailureStore();
  if (isAuthError(error)) {
    return (
      <AuthRequiredScreen
        error={error}
        onTryAgain={() => {
          failures.clear();
          void queryClient.resetQueries();
          reset();
        }}
        onSignIn={() => {
          queryClient.removeQueries({ queryKey: AUTH_QUERY_ROOT });
          failures.clear();
          reset();
          void navigate(loginURLFor(`${location.pathname}${location.search}`));
        }}
      />
    );
  }
  return (
    <GenericErrorScreen
      error={error}
      onTryAgain={() => {
        void queryClient.resetQueries();
        reset();
      }}
    />
  );
}

/** The data router's errorElement: loader and render errors of a route. */
export function RouteErrorScreen(): ReactElement {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return <AppErrorFallback error={error} reset={() => void revalidator.revalidate()} />;
}
