import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Builds the packages: the server-process tests start the built server, the library test packs
    // the built packages, and every file imports auth-core and migrations as built (below).
    globalSetup: ["../scripts/vitest-build-setup.ts"],
    // auth-core and migrations load as Node loads them in production (their dist, imported
    // natively), not compiled again from their TypeScript by this project: that was a sixth of its CPU.
    server: { deps: { external: [/\/auth-core\/dist\//, /\/migrations\/dist\//] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // As in auth-core: files share their worker's modules; no test mocks modules or patches globals.
    isolate: false,
  },
});
