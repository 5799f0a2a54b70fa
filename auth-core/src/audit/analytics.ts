import type { AuditAnalytics, AuditAnalyticsDay } from "../shared/audit-events.js";
import type { DB } from "../store/database.js";
import { countAuditEventsByDay, type AuditCountRow, type AuditScope } from "../store/audit-store.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every UTC day from the one holding `from` to the one holding the last instant before `to`. */
function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  const last = new Date(to.getTime() - 1).toISOString().slice(0, 10);
  for (let t = Date.parse(from.toISOString().slice(0, 10)); ; t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(day);
    if (day >= last) return days;
  }
}

/** Folds the GROUP BY rows into one entry per day (days without events count zero). */
function foldAnalytics(rows: readonly AuditCountRow[], days: readonly string[]): AuditAnalytics {
  const byDay = new Map<string, AuditAnalyticsDay>(days.map((day) => [day, { day, signInSuccess: 0, signInFailure: 0, signUps: 0, byMethod: {} }]));
  const methods = new Set<string>();
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    if (row.type === "sign-up") entry.signUps += row.count;
    if (row.type !== "sign-in") continue;
    if (row.outcome === "failure") {
      entry.signInFailure += row.count;
      continue;
    }
    entry.signInSuccess += row.count;
    const method = row.method ?? "unknown";
    methods.add(method);
    entry.byMethod[method] = (entry.byMethod[method] ?? 0) + row.count;
  }
  const list = [...byDay.values()];
  const signIns = list.reduce((sum, d) => sum + d.signInSuccess, 0);
  const failures = list.reduce((sum, d) => sum + d.signInFailure, 0);
  const signUps = list.reduce((sum, d) => sum + d.signUps, 0);
  return {
    days: list,
    totals: { signIns, failures, signUps, failureRate: signIns + failures === 0 ? 0 : failures / (signIns + failures) },
    methods: [...methods].sort(),
  };
}

/** Sign-ins by day, method and outcome, and sign-ups by day: one GROUP BY in SQL, folded here. */
export async function buildAnalytics(db: DB, scope: AuditScope, from: Date, to: Date): Promise<AuditAnalytics> {
  const rows = await countAuditEventsByDay(db, { scope, types: ["sign-in", "sign-up"], from, to });
  return foldAnalytics(rows, daysBetween(from, to));
}
