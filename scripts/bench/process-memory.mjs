// A bench process's memory, read from Linux's /proc: what run.mjs and scale.mjs report as RSS.
import { readFileSync, writeFileSync } from "node:fs";

/** A process's resident set now (VmRSS) or its peak so far (VmHWM), in MiB. */
export function rssMB(pid, field = "VmRSS") {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(field));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** Resets a process's peak RSS (Linux: clear_refs 5), so the next VmHWM is the peak under load only; `who` names the caller in the warning. */
export function resetPeakRss(pid, who = "bench") {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    console.error(`${who}: cannot reset a server's peak RSS; its peak below includes its start`);
  }
}
