import type { ApiKeyRecord } from "../store/api-key-store.js";
import type { WireApiKey } from "../shared/wire-types.js";

function parseJSONObject<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

/** A key's stored permissions (resource → actions), or null when it names none. */
export function keyPermissions(record: Pick<ApiKeyRecord, "permissions">): Record<string, string[]> | null {
  return parseJSONObject<Record<string, string[]>>(record.permissions);
}

/** The record on the wire: never the key nor its hash. */
export function toWireApiKey(record: ApiKeyRecord): WireApiKey {
  return {
    id: record.id,
    configId: record.configId,
    name: record.name,
    start: record.start,
    prefix: record.prefix,
    referenceId: record.userId ?? record.organizationId ?? "",
    referenceType: record.organizationId ? "organization" : "user",
    enabled: record.enabled === 1,
    expiresAt: record.expiresAt,
    permissions: keyPermissions(record),
    metadata: parseJSONObject<Record<string, unknown>>(record.metadata),
    rateLimitEnabled: record.rateLimitEnabled === 1,
    rateLimitTimeWindow: record.rateLimitTimeWindow,
    rateLimitMax: record.rateLimitMax,
    requestCount: record.requestCount,
    lastRequest: record.lastRequest,
    remaining: record.remaining,
    refillAmount: record.refillAmount,
    refillInterval: record.refillInterval,
    lastRefillAt: record.lastRefillAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
