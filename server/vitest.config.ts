import { defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

export default defineProject({
  ssr: { resolve: { conditions: ["@gatehouse/source", ...defaultServerConditions] } },
  resolve: { conditions: ["@gatehouse/source", ...defaultServerConditions] },
  test: {
    name: "server",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // The server-process tests start the built server; the library test packs the built packages.
    globalSetup: ["./test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // As in auth-core: files share their worker's modules; no test mocks modules or patches globals.
    isolate: false,
  },
});
