import react from "@vitejs/plugin-react";
import { defaultClientConditions } from "vite";
import { defineProject } from "vitest/config";
import { linguiCatalogs } from "./build/lingui-catalogs.js";

export default defineProject({
  plugins: [react(), linguiCatalogs(new URL("./locales/", import.meta.url))],
  // The browser's conditions, as the app is built with (without auth-core's source condition: see below).
  resolve: { conditions: [...defaultClientConditions] },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    // Tests that run in Node are their own project (vitest.node.config.ts).
    exclude: ["src/**/*.node.test.ts"],
    // The backend the page tests run (the server, auth-core, migrations) is imported as built,
    // natively, rather than compiled again from TypeScript here; the setup builds it first.
    globalSetup: ["../scripts/vitest-build-setup.ts"],
    server: { deps: { external: [/\/auth-core\/dist\//, /\/migrations\/dist\//, /\/server\/dist\//] } },
    // A stray-request guard and testing-library's wait bound (see the file).
    setupFiles: ["./src/test/setup.ts"],
    // Page tests sign people up (scrypt) and render whole pages; a loaded machine needs more than 5 s.
    testTimeout: 30_000,
    passWithNoTests: true,
    // Test files share their worker's modules (React, the app, auth-core, the server) instead of
    // importing them anew each, which was most of the project's CPU. The setup's request guard is
    // installed once per worker; each test renders its own app over its own backend.
    isolate: false,
  },
});
