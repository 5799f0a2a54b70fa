/**
 * A tiny JSON transformer that carries Date values across /api/trpc (spec §7). A Date becomes
 * `{ "$date": "<ISO>" }`; plain objects using the "$date" key are escaped as `{ "$esc": {...} }`.
 * One copy for both ends: the server's tRPC and the web app's client (through
 * @gatehouse/server/shared) import it from here. A response that does not decode makes the tRPC
 * client raise "Unable to transform response from server".
 */
const DATE_KEY = "$date";
const ESCAPE_KEY = "$esc";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function encode(value: unknown): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new TypeError("cannot serialize an invalid Date");
    return { [DATE_KEY]: value.toISOString() };
  }
  if (Array.isArray(value)) return value.map(encode);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = encode(item);
    return DATE_KEY in value || ESCAPE_KEY in value ? { [ESCAPE_KEY]: out } : out;
  }
  return value;
}

function decodeObject(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = decode(item);
  return out;
}

function decode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decode);
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === DATE_KEY) {
    const iso = value[DATE_KEY];
    const date = typeof iso === "string" ? new Date(iso) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new TypeError("malformed date in response");
    return date;
  }
  if (keys.length === 1 && keys[0] === ESCAPE_KEY && isPlainObject(value[ESCAPE_KEY])) {
    return decodeObject(value[ESCAPE_KEY]);
  }
  if (DATE_KEY in value || ESCAPE_KEY in value) throw new TypeError("malformed tagged value in response");
  return decodeObject(value);
}

/** Structurally a tRPC `DataTransformer`; declared here so this browser-safe module imports nothing. */
export interface DataTransformer {
  serialize(value: unknown): unknown;
  deserialize(value: unknown): unknown;
}

export const dateTransformer: DataTransformer = { serialize: encode, deserialize: decode };
