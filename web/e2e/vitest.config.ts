import { defineProject } from "vitest/config";

/**
 * End-to-end tests: real headless Chromium (playwright-core) against the real built server.
 * They skip, saying why, when GATEHOUSE_CHROMIUM is unset (scripts/test.mjs sets it).
 */
export default defineProject({
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser and one server at a time: the machine has two shared cores.
    fileParallelism: false,
    // expect.poll re-reads the page until it shows what is expected; 1 s (the default) is too
    // short for a page to re-render on a loaded machine. A poll ends as soon as it matches.
    expect: { poll: { timeout: 30_000 } },
  },
});
