import react from "@vitejs/plugin-react";
import { defaultClientConditions } from "vite";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ["@gatehouse/source", ...defaultClientConditions] },
  test: { name: "web", environment: "happy-dom", include: ["src/**/*.test.{ts,tsx}"], passWithNoTests: true },
});
