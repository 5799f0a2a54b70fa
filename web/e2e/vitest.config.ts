import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

/**
 * End-to-end tests: real headless Chromium (playwright-core) against the real built server.
 * They skip, saying why, when GATEHOUSE_CHROMIUM is unset (scripts/test.mjs sets it).
 * The global setups build the server (scripts/vitest-build-setup.ts, as for the server and web
 * projects) and the SPA, and start the run's one Chromium.
 */
export default defineProject({
  test: {
    name: "e2e",
    environment: "node",
    include: ["**/*.e2e.ts"],
    globalSetup: [fileURLToPath(new URL("../../scripts/vitest-build-setup.ts", import.meta.url)), "./support/global-setup.ts"],
    // A failed test leaves pictures of its pages and the end of its server's output (support/on-failure.ts).
    setupFiles: ["./support/on-failure.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Files run beside the other projects' files, three at a time in all (vitest.config.ts): each
    // starts its own server on free ports with its own data directory and opens its own browser
    // contexts, so two files share nothing but the Chromium process.
    // A worker keeps its modules (playwright-core is a large import) from one file to the next;
    // no test patches globals or mocks modules.
    isolate: false,
    // expect.poll re-reads the page until it shows what is expected; 1 s (the default) is too
    // short for a page to re-render on a loaded machine. A poll ends as soon as it matches.
    expect: { poll: { timeout: 30_000 } },
  },
});
