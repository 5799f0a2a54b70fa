import { spawn } from "node:child_process";
import { mkdtempSync, openSync, closeSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const logging = fileURLToPath(new URL("../dist/logging.js", import.meta.url));
const LINES = 5000; // about 750 KB in 4 KB batches, more than a pipe or a socket pair holds; the last batch still gathering at the end

/**
 * A process that logs LINES request lines and then a last line, and ends as `how` says: `end`
 * awaits the logger's end() (a shutdown), `exit` calls process.exit() with lines still gathered
 * (the exit hook must hand them over).
 */
const script = (how: "end" | "exit", lines = LINES, lineAfterEnd = false): string => `
  const { createServerLogger } = await import(${JSON.stringify(logging)});
  const logger = createServerLogger({ pretty: false, level: "info" });
  for (let i = 0; i < ${lines}; i++) logger.requestLine("id-" + i, "GET", "/api/auth/get-session", 200, 0.1);
  logger.requestLine("last", "GET", "/", 200, 0.1);
  process.stderr.write("logged\\n");
  ${how === "end" ? "await logger.end();" : "process.exit(0);"}
  ${lineAfterEnd ? 'logger.requestLine("after", "GET", "/", 200, 0.1);' : ""}
`;

/** Runs the script with stdout a pipe (read here, once all is logged) or a file; answers what it wrote to stdout. */
async function run(how: "end" | "exit", stdout: "pipe" | "file", lines = LINES, lineAfterEnd = false): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "gatehouse-log-")), "stdout.log");
  const fd = stdout === "file" ? openSync(file, "w") : null;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script(how, lines, lineAfterEnd)], { stdio: ["ignore", fd ?? "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // A reader that waits until every line is logged: the lines overfill the pipe (Node's child
  // stdio is a socket pair, a few hundred KB), so the end of the log is written from the exit
  // hook or end(), into a full pipe.
  child.stdout?.pause();
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    if (errors.includes("logged")) child.stdout?.resume();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (fd !== null) closeSync(fd);
  expect(errors).toBe("logged\n");
  expect(code).toBe(0);
  return fd === null ? output : readFileSync(file, "utf8");
}

/** The request ids of the output's lines, in order. */
const ids = (output: string): string[] =>
  output
    .trimEnd()
    .split("\n")
    .map((line) => (JSON.parse(line) as { requestId: string }).requestId);

const expected = [...Array.from({ length: LINES }, (_, i) => `id-${i}`), "last"];

// The request log gathers lines in batches and writes them without blocking (log-stdout.ts):
// whether stdout is a pipe (a log shipper, a container) or a file, every line is written, in order,
// however the process ends: by a shutdown that awaits end(), or by process.exit() with a batch
// still gathering and the pipe full (the exit hook writes what is left, waiting for the reader).
// The reader here takes nothing until every line is logged, so a log that waited for its reader
// would never print "logged": the test would time out.
describe("the request log loses no line", () => {
  for (const stdout of ["pipe", "file"] as const) {
    it(`stdout a ${stdout}: every line, in order, after end()`, async () => {
      expect(ids(await run("end", stdout))).toEqual(expected);
    });
    it(`stdout a ${stdout}: every line, in order, when the process exits without end()`, async () => {
      expect(ids(await run("exit", stdout))).toEqual(expected);
    });
  }
  // After end(), the notice is written once the pipe drains; on process.exit(), by the exit hook
  // after what was kept.
  for (const how of ["end", "exit"] as const) {
    it(`a reader stalled past 16 MiB loses the lines after that, and one warning line counts them (${how})`, async () => {
      const lines = 150_000; // about 22 MB of request lines, all logged before the reader takes any
      const output = (await run(how, "pipe", lines)).trimEnd().split("\n");
      const notice = JSON.parse(output.at(-1)!) as { level: string; dropped: number; message: string };
      expect(notice).toMatchObject({ level: "warn", message: "log lines dropped: stdout was full" });
      const kept = output.slice(0, -1).map((line) => (JSON.parse(line) as { requestId: string }).requestId);
      // What was kept is the log's beginning, whole and in order; the rest is counted, not lost silently.
      expect(kept.length).toBeGreaterThan((16 * 1024 * 1024) / 200);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => `id-${i}`));
      expect(kept.length + notice.dropped).toBe(lines + 1);
    });
  }
  // A running server's reader that comes back: the notice is written once the pipe has taken
  // what was kept, before the lines after it (not left to the exit hook).
  it("a reader stalled past 16 MiB that comes back gets the notice next, before the lines logged after", async () => {
    const output = (await run("end", "pipe", 150_000, true)).trimEnd().split("\n");
    expect(JSON.parse(output.at(-2)!)).toMatchObject({ level: "warn", message: "log lines dropped: stdout was full" });
    expect(JSON.parse(output.at(-1)!)).toMatchObject({ requestId: "after" });
  });
  it("a reader that is gone takes nothing more, and the process still ends normally", async () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script("end")], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(errors).toBe("logged\n");
    expect(code).toBe(0);
  });
});
