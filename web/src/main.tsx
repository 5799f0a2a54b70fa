import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createAuthFailureStore } from "./app/auth-failure.js";
import { AppProvider } from "./app/provider.js";
import { createAppRouter } from "./app/router.js";
import { SESSION_QUERY_KEY } from "./features/auth/api/get-session.js";
import { createAuthClient } from "./lib/auth-client.js";
import { createAppQueryClient } from "./lib/query-client.js";
import { detectLanguage, showLanguage } from "./lib/i18n.js";
import { shellConfig } from "./lib/shell-config.js";
import "./styles.css";

const authFailures = createAuthFailureStore();
const queryClient = createAppQueryClient({
  onAuthError: (error) => authFailures.set(error),
  // Spec §8: remote-call UNAUTHORIZED sends the browser to /login.
  onRemoteCallUnauthorized: () => window.location.assign("/login"),
});
const authClient = createAuthClient({
  onSessionChange: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
});
const router = createAppRouter({
  queryClient,
  authClient,
  authFailures,
  build: { version: __APP_VERSION__, builtAt: __BUILD_TIME__ },
});

// APP_ACCENT_COLOR, before the first paint (a deployment without one loads nothing for it).
const { accentColor } = shellConfig().brand;
if (accentColor) (await import("./lib/accent-colour.js")).applyAccentColour(accentColor);
// The shown language's catalog (its own small chunk) before the first paint, so no screen flashes English.
await showLanguage(detectLanguage()).catch(() => showLanguage("en"));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProvider services={{ queryClient, authClient, authFailures }}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
