import { stringify } from "csv-stringify/sync";
import { FAILED_SIGN_IN_REASON_LABELS, type AuditEventView } from "../shared/audit-views.js";

/**
 * The export's columns, in this order: a fixed contract that readers of the file rely on (new
 * columns go at the end: `reason`, why a sign-in failed, came with issue 48).
 */
export const EVENT_CSV_HEADER = ["time", "type", "outcome", "method", "actor", "email", "organization", "ip", "user agent", "reason"] as const;

/**
 * One CSV line (RFC 4180 quoting of commas, quotes and newlines by csv-stringify). Spreadsheet
 * safety: a cell that begins with =, +, -, @, tab or carriage return gets a leading apostrophe
 * (csv-stringify's escape_formulas), so a spreadsheet shows it as text instead of running it:
 * names, emails and user agents are chosen by whoever signs up, not by us.
 */
export function toCSVLine(cells: readonly (string | null)[]): string {
  // quoted_match: csv-stringify quotes only the record delimiter itself (\r\n); a lone \n or \r
  // in a cell must be quoted too, or a spreadsheet starts a new row there.
  return stringify([cells.map((cell) => cell ?? "")], { escape_formulas: true, record_delimiter: "\r\n", quoted_match: /[\r\n]/ });
}

export function eventCSVCells(event: AuditEventView): Array<string | null> {
  return [
    event.createdAt.toISOString(),
    event.type,
    event.outcome,
    event.method,
    event.actor?.name ?? null,
    event.actor?.email ?? null,
    event.organizationName ?? event.organizationId,
    event.ipAddress,
    event.userAgent,
    event.failureReason ? FAILED_SIGN_IN_REASON_LABELS[event.failureReason] : null,
  ];
}
