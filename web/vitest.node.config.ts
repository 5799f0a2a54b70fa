import { defaultClientConditions } from "vite";
import { defineProject } from "vitest/config";

/**
 * The web app's tests that run in Node rather than in a page (`*.node.test.ts`: the auth client
 * against a real HTTP server). A project of their own: the page tests' project shares its workers
 * between files (`isolate: false`), and a Node file among them once left the next page test
 * without a document (`document is not defined`, CI=true npm test, 2026-11-29 13:35Z).
 */
export default defineProject({
  // The browser's conditions, as the app is built with (vitest.config.ts).
  resolve: { conditions: [...defaultClientConditions] },
  test: {
    name: "web-node",
    environment: "node",
    include: ["src/**/*.node.test.ts"],
  },
});
