import type { AuditAnalytics, AuditAnalyticsDay } from "../../shared/audit-views.js";
import type { DB } from "../db.js";
import { countAuditEventsByDay, type AuditCountRow, type AuditScope } from "./audit-store.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants whose ISO string has a four-digit year (0000-9999): what a stored createdAt can be. */
const FIRST_ISO_DAY_MS = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_ISO_MS = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * Every UTC day from the one holding `from` to the one holding the last instant before `to`,
 * counted in whole days (never by parsing sliced strings). Only days with a four-digit year: a
 * range reaching past them (JS dates run to ±275,760 years) keeps the days inside, and one
 * entirely outside has none; so does an empty range.
 */
function daysBetween(from: Date, to: Date): string[] {
  const start = Math.max(from.getTime(), FIRST_ISO_DAY_MS);
  const end = Math.min(to.getTime() - 1, LAST_ISO_MS);
  if (!(start <= end)) return [];
  const days: string[] = [];
  for (let day = Math.floor(start / DAY_MS); day <= Math.floor(end / DAY_MS); day += 1) {
    days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
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
