import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { projects } from "./vitest.workspace.js";

/** The projects whose files take longest (browsers, server processes), first. */
const PROJECT_ORDER = ["e2e", "server", "auth-core", "web"];

/**
 * Vitest's order (failed first, then longest first by the last run's times, else largest file
 * first) within each project, but the projects in PROJECT_ORDER instead of by name: its default
 * put the server project's long process tests late, where one of them could run alone at the
 * end while the other worker waited.
 */
class SlowProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const index = PROJECT_ORDER.indexOf(file.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    projects,
    // Vitest's default is one worker per core minus one: a single worker on the 2-core machine
    // the suite runs on. Much of a test's time is spent waiting (PostgreSQL, server processes,
    // Chromium): with two workers the machine still idled (auth-core alone kept 1.7 of its 2 cores
    // busy), with three it does not (a clean-clone `npm test`: 3 min 52.6 s with two, 3 min 35.4 s
    // with three, the same CPU). Every project's files share the three, the browser tests' included.
    maxWorkers: 3,
    sequence: { sequencer: SlowProjectsFirst },
    // Names the run's PostgreSQL test schemas and drops them at the end (see the file).
    globalSetup: ["./scripts/vitest-global-setup.ts"],
  },
});
