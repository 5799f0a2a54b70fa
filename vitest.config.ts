import { defineConfig } from "vitest/config";
import { projects } from "./vitest.workspace.js";

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker per core minus one: a single worker on the 2-core machine
    // the suite runs on. Much of a test's time is spent waiting (PostgreSQL, server processes,
    // Chromium), so two workers keep both cores busy. Every project's files share the two, the
    // browser tests' included.
    maxWorkers: 2,
    // Names the run's PostgreSQL test schemas and drops them at the end (see the file).
    globalSetup: ["./scripts/vitest-global-setup.ts"],
  },
});
