import { translate } from "../../../components/ui.js";
import { dayEnd, dayStart } from "./audit-filters.js";

/** The range picker's presets, in days, ending today (UTC, as the analytics days). */
export const RANGE_PRESETS = [7, 30, 90] as const;
/** audit.analytics answers at most 366 days. */
const MAX_RANGE_DAYS = 366;

export interface DayRange {
  from: string;
  to: string;
}

const MS_PER_DAY = 86_400_000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` days up to and including `today`. */
export function presetRange(days: number, today: Date): DayRange {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return { from: utcDay(new Date(end - (days - 1) * MS_PER_DAY)), to: utcDay(new Date(end)) };
}

function rangeDays(range: DayRange): number {
  return Math.round((dayStart(range.to).getTime() - dayStart(range.from).getTime()) / MS_PER_DAY) + 1;
}

/** Why a custom range cannot be asked for, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!range.from || !range.to) return translate("range.bothDays");
  const days = rangeDays(range);
  if (Number.isNaN(days)) return translate("range.bothDays");
  if (days < 1) return translate("range.backwards");
  if (days > MAX_RANGE_DAYS) return translate("range.tooLong", { count: MAX_RANGE_DAYS });
  return null;
}

/** The procedure's input: from the first day's start to the next day's start after the last (exclusive). */
export function rangeInput(range: DayRange): { from: Date; to: Date } {
  return { from: dayStart(range.from), to: dayEnd(range.to) };
}
