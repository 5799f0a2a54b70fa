import { defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

export default defineProject({
  ssr: { resolve: { conditions: ["@gatehouse/source", ...defaultServerConditions] } },
  resolve: { conditions: ["@gatehouse/source", ...defaultServerConditions] },
  test: { name: "auth-core", environment: "node", include: ["src/**/*.test.ts", "test/**/*.test.ts"], testTimeout: 20_000, hookTimeout: 30_000 },
});
