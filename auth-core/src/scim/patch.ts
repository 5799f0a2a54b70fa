import { z } from "zod";
import { readBoolean, type ScimUserChange } from "./users.js";
import { ScimError } from "../scim-token/error.js";

/** RFC 7644 §3.5.2: a PatchOp's operations; `op` as Entra writes it too ("Replace"). */
export const patchInput = z.object({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(z.object({ op: z.string().max(16), path: z.string().max(512).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(100),
});

const USER_SCHEMA_PREFIX = "urn:ietf:params:scim:schemas:core:2.0:User:";

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  throw new ScimError(400, "A text attribute needs a string value", "invalidValue");
}

/** One attribute of the User set to `value` (null: removed). Attributes Gatehouse does not keep are ignored. */
function setAttribute(change: ScimUserChange, rawPath: string, value: unknown): void {
  const path = rawPath.startsWith(USER_SCHEMA_PREFIX) ? rawPath.slice(USER_SCHEMA_PREFIX.length) : rawPath;
  switch (path.toLowerCase()) {
    case "active": {
      const active = readBoolean(value);
      if (active === null) throw new ScimError(400, "active must be true or false", "invalidValue");
      change.active = active;
      return;
    }
    case "username": {
      const userName = text(value);
      if (!userName) throw new ScimError(400, "userName cannot be removed", "mutability");
      change.userName = userName;
      return;
    }
    case "externalid":
      change.externalId = text(value);
      return;
    case "displayname":
      change.displayName = text(value);
      return;
    case "name.givenname":
      change.givenName = text(value);
      return;
    case "name.familyname":
      change.familyName = text(value);
      return;
    case "name": {
      if (value === null || value === undefined) {
        change.givenName = null;
        change.familyName = null;
        return;
      }
      if (typeof value !== "object") throw new ScimError(400, "name must be an object", "invalidValue");
      const name = value as Record<string, unknown>;
      if ("givenName" in name) change.givenName = text(name.givenName);
      if ("familyName" in name) change.familyName = text(name.familyName);
      return;
    }
    default:
      // emails, title, the enterprise extension…: not kept by Gatehouse (the address is the account's).
      return;
  }
}

/**
 * The change a PatchOp asks for: `replace`/`add` of a path, or of an object of attributes
 * without a path (Okta's `{"op":"replace","value":{"active":false}}`, Entra's
 * `{"op":"Replace","value":{"name.givenName":"…"}}`), and `remove` of a path.
 */
export function readPatch(input: z.infer<typeof patchInput>): ScimUserChange {
  const change: ScimUserChange = {};
  for (const operation of input.Operations) {
    const op = operation.op.toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove") throw new ScimError(400, `Unknown op ${operation.op}`, "invalidSyntax");
    if (op === "remove") {
      if (!operation.path) throw new ScimError(400, "remove needs a path", "noTarget");
      setAttribute(change, operation.path, null);
      continue;
    }
    if (operation.path) {
      setAttribute(change, operation.path, operation.value);
      continue;
    }
    if (typeof operation.value !== "object" || operation.value === null || Array.isArray(operation.value)) {
      throw new ScimError(400, "An operation without a path needs an object value", "invalidValue");
    }
    for (const [path, value] of Object.entries(operation.value as Record<string, unknown>)) setAttribute(change, path, value);
  }
  return change;
}

/**
 * The one filter directories send for Users (RFC 7644 §3.4.2.2): `<attribute> eq "<value>"` on
 * userName, externalId or id; anything else is 400 invalidFilter.
 */
export function readUserFilter(filter: string): { attribute: "userName" | "externalId" | "id"; value: string } {
  const match = /^\s*(userName|externalId|id)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) throw new ScimError(400, 'Only filters of the form attribute eq "value" on userName, externalId or id are supported', "invalidFilter");
  const name = match[1]!.toLowerCase();
  const attribute = name === "username" ? "userName" : name === "externalid" ? "externalId" : "id";
  return { attribute, value: match[2]!.replace(/\\(.)/g, "$1") };
}
