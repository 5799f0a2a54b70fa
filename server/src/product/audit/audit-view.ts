import { APIError } from "@gatehouse/auth-core";
import { failedSignInReason, type AuditEventView } from "../../shared/audit-views.js";
import type { AuditEventRecord, AuditPosition } from "./audit-store.js";

type DetailValue = string | number | boolean | null;

/** The stored detail JSON as a flat object of plain values; anything else is left out. */
function parseDetail(text: string | null): Record<string, DetailValue> {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: Record<string, DetailValue> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || typeof item === "string" || typeof item === "number" || typeof item === "boolean") out[key] = item;
  }
  return out;
}

/** Columns picked one by one: a new column never reaches the wire by accident. */
export function toAuditEventView(record: AuditEventRecord): AuditEventView {
  const detail = parseDetail(record.detail);
  return {
    id: record.id,
    type: record.type,
    outcome: record.outcome,
    method: record.method,
    organizationId: record.organizationId,
    organizationName: record.organizationName,
    actor: record.userId && record.userEmail !== null ? { id: record.userId, name: record.userName ?? "", email: record.userEmail } : null,
    targetUserId: record.targetUserId,
    ipAddress: record.ipAddress,
    userAgent: record.userAgent,
    createdAt: new Date(record.createdAt),
    detail,
    failureReason: failedSignInReason({ ...record, detail }),
  };
}

/** An opaque cursor: the (createdAt, id) of the last row of a page. */
export function encodeCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id]), "utf8").toString("base64url");
}

/** A cursor's field: a string PostgreSQL can compare (text cannot hold U+0000: a 500 otherwise). */
function isCursorField(value: unknown): value is string {
  return typeof value === "string" && !value.includes("\u0000");
}

export function decodeCursor(cursor: string): AuditPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && isCursorField(value[0]) && isCursorField(value[1])) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // falls through to the refusal
  }
  throw APIError.from(400, "INVALID_CURSOR");
}
