import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";
import { precompress } from "./build/precompress.js";
import { linguiCatalogs } from "./build/lingui-catalogs.js";

/** The libraries and app modules /login's first paint needs that lazy chunks share too. */
const BOOT_LIBRARIES = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@lingui)[\\/]|vite[\\/]preload-helper/;
/** Parts of those libraries only the signed-in pages use (Reports' Load more): they stay in their pages' chunks. */
const PAGE_ONLY = /infinite|useQueries|useSuspense|hydration|HydrationBoundary|useMutationState|useIsFetching|usePrefetch|queriesObserver/i;
const BOOT_APP_MODULES =
  /src[\\/](lib[\\/](auth-errors|auth-client|i18n|shell-config|login-params|query-client|social-providers|given-trpc-client)|app[\\/](auth-failure|route-guard)|features[\\/]auth[\\/]api[\\/]get-session|main|app[\\/](router|provider)|features[\\/]auth[\\/](components[\\/]login-screen|api[\\/](sign-in-passkey|sign-in-social)))\./;

function inBootChunk(id: string): boolean {
  return (BOOT_LIBRARIES.test(id) && !PAGE_ONLY.test(id)) || BOOT_APP_MODULES.test(id);
}

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  plugins: [react(), linguiCatalogs(new URL("./locales/", import.meta.url)), precompress()],
  resolve: { conditions: ["@gatehouse/source", ...defaultClientConditions] },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000", "/healthz": "http://localhost:3000" } },
  // No source maps in the production build: they would be served publicly with the app.
  // No modulepreload polyfill: every browser the app supports preloads modules natively, and
  // /login's first load must stay within 100 KB.
  // What /login's first paint needs and lazy chunks share (React, the router, the query cache,
  // Lingui, the auth client, the language, the brand) is one chunk beside the entry: as a dozen
  // small chunks each was compressed on its own (1.3 KB more before Lingui, 5 KB after).
  build: {
    outDir: "dist",
    sourcemap: false,
    // A lazy chunk's preload list leaves out what the first load already brought (the runtime, the boot chunk).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => !/\/(rolldown-runtime|boot)-/.test(dep)) },
    rolldownOptions: {
      output: {
        advancedChunks: { groups: [{ name: "boot", test: inBootChunk }] },
      },
    },
  },
});
