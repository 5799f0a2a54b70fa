import { afterEach } from "vitest";
import { openPages, savePicture } from "./browser.js";
import { runningServers } from "./server.js";

/** How much of each server's output a failure shows: its end, where the failed test's requests are. */
const OUTPUT_LINES = 80;

/**
 * After a failed browser test (setupFiles of the e2e project): a picture of every page still
 * open, under test-results/e2e/failures/, its address, and the end of
 * each running server's output, so a failure on a loaded CI machine says what the page showed
 * and what the server did without a rerun. A passing test costs nothing.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== "fail") return;
  const name = `${task.file.name.replace(/\W+/g, "-")}--${task.name.replace(/\W+/g, "-")}`.slice(0, 150);
  let n = 0;
  for (const page of openPages) {
    n += 1;
    try {
      const path = await savePicture(page, `failures/${name}-${n}`, { timeout: 10_000 });
      console.error(`e2e failure: page ${n} was at ${page.url()}; picture: ${path}`);
    } catch (error) {
      console.error(`e2e failure: page ${n} (${page.url()}) could not be pictured: ${(error as Error).message}`);
    }
  }
  for (const server of runningServers) {
    const lines = server.output().trimEnd().split("\n");
    console.error(
      `e2e failure: the last ${Math.min(OUTPUT_LINES, lines.length)} lines of the server at ${server.baseURL}:\n${lines.slice(-OUTPUT_LINES).join("\n")}`,
    );
  }
});
