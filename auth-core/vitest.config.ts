import { defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

export default defineProject({
  ssr: { resolve: { conditions: ["@gatehouse/source", ...defaultServerConditions] } },
  resolve: { conditions: ["@gatehouse/source", ...defaultServerConditions] },
  test: {
    name: "auth-core",
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Test files share their worker's modules instead of importing auth-core anew each (that import
    // was half the project's time). No test mocks modules or patches globals; each builds its own
    // service over its own database (testing/), so nothing is shared that a test changes.
    isolate: false,
  },
});
