import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  canGrantRoles,
  checkPermission,
  hasPermission,
  parseRoles,
  type PermissionConnector,
  type PermissionRequest,
} from "./access-control.js";

/** Spec §6 plus the audit column (beyond the spec), typed in from the table (not derived from the module under test). */
const SPEC_MATRIX: Record<string, Record<string, string>> = {
  owner: {
    organization: "update, delete",
    member: "create, update, delete",
    invitation: "create, cancel",
    team: "create, update, delete",
    ac: "create, read, update, delete",
    audit: "read",
  },
  admin: {
    organization: "update",
    member: "create, update, delete",
    invitation: "create, cancel",
    team: "create, update, delete",
    ac: "create, read, update, delete",
    audit: "read",
  },
  member: { organization: "none", member: "none", invitation: "none", team: "none", ac: "read", audit: "none" },
};

/** Every action the spec's table names for a resource, plus actions it does not know. */
const ACTIONS: Record<string, string[]> = {
  organization: ["update", "delete", "create", "read"],
  member: ["create", "update", "delete", "read"],
  invitation: ["create", "cancel", "read", "delete"],
  team: ["create", "update", "delete", "read"],
  ac: ["create", "read", "update", "delete"],
  audit: ["read", "update", "delete"],
};

function allowedBySpec(role: string, resource: string, action: string): boolean {
  const cell = SPEC_MATRIX[role]?.[resource] ?? "none";
  return cell.split(", ").includes(action);
}

const cells = Object.keys(SPEC_MATRIX).flatMap((role) =>
  Object.entries(ACTIONS).flatMap(([resource, actions]) =>
    actions.map((action) => ({ role, resource, action, expected: allowedBySpec(role, resource, action) })),
  ),
);

describe("the spec §6 matrix, cell by cell", () => {
  it.each(cells)("$role may $action $resource: $expected", ({ role, resource, action, expected }) => {
    expect(hasPermission(role, { [resource]: [action] })).toBe(expected);
  });
});

interface Case {
  roles: string | string[];
  request: PermissionRequest;
  connector?: PermissionConnector;
  expected: boolean;
}

const cases: Case[] = [
  // AND within a resource: every action must be allowed.
  { roles: "owner", request: { organization: ["update", "delete"] }, expected: true },
  { roles: "admin", request: { organization: ["update", "delete"] }, expected: false },
  { roles: "admin", request: { member: ["create", "update", "delete"], team: ["create"] }, expected: true },
  // AND across resources (default) vs OR across resources.
  { roles: "admin", request: { organization: ["delete"], member: ["create"] }, expected: false },
  { roles: "admin", request: { organization: ["delete"], member: ["create"] }, connector: "OR", expected: true },
  { roles: "member", request: { ac: ["read"], team: ["create"] }, expected: false },
  { roles: "member", request: { ac: ["read"], team: ["create"] }, connector: "OR", expected: true },
  { roles: "member", request: { team: ["create"], invitation: ["cancel"] }, connector: "OR", expected: false },
  // OR is across resources only: one resource still needs every action it lists.
  { roles: "admin", request: { organization: ["update", "delete"] }, connector: "OR", expected: false },
  // Several roles: any one authorizing the whole request is enough.
  { roles: "member,admin", request: { invitation: ["create"] }, expected: true },
  { roles: "admin,member", request: { organization: ["delete"] }, expected: false },
  { roles: "member, owner", request: { organization: ["delete"] }, expected: true },
  { roles: ["member", "admin"], request: { team: ["update"] }, expected: true },
  // Roles are not merged: no single role holds both, so the request fails.
  { roles: "member,admin", request: { organization: ["delete"], ac: ["read"] }, expected: false },
  // Unknown roles, resources and actions fail.
  { roles: "superuser", request: { ac: ["read"] }, expected: false },
  { roles: "owner", request: { billing: ["read"] }, expected: false },
  { roles: "owner", request: { billing: ["read"], ac: ["read"] }, expected: false },
  { roles: "owner", request: { billing: ["read"], ac: ["read"] }, connector: "OR", expected: true },
  { roles: "owner", request: { organization: ["transfer"] }, expected: false },
  { roles: "owner", request: { teamMember: ["read"] }, expected: false },
  { roles: "owner", request: { constructor: ["read"] }, expected: false },
  { roles: "owner", request: { member: [] }, expected: false },
  { roles: "owner", request: {}, expected: false },
  { roles: "", request: { ac: ["read"] }, expected: false },
];

describe("checks across resources, connectors and several roles", () => {
  it.each(cases)("$roles $request $connector → $expected", ({ roles, request, connector, expected }) => {
    expect(hasPermission(roles, request, connector)).toBe(expected);
  });
});

describe("failure reasons (spec §6 wording)", () => {
  it("names the unknown resource, the refused resource, or says not authorized", () => {
    expect(checkPermission("owner", { billing: ["read"] })).toEqual({ success: false, error: "You are not allowed to access resource: billing" });
    expect(checkPermission("admin", { organization: ["delete"] })).toEqual({ success: false, error: 'Unauthorized to access resource "organization"' });
    expect(checkPermission("owner", {})).toEqual({ success: false, error: "Not authorized" });
    expect(checkPermission("nobody", { ac: ["read"] })).toEqual({ success: false, error: "Not authorized" });
    expect(checkPermission("member", { ac: ["read"] })).toEqual({ success: true, error: null });
  });
});

describe("roles", () => {
  it.each([
    ["owner", ["owner"]],
    ["admin,member", ["admin", "member"]],
    [" admin , member ,admin", ["admin", "member"]],
    ["", []],
    [
      ["owner", "admin,member"],
      ["owner", "admin", "member"],
    ],
  ] as const)("parses %j", (input, expected) => {
    expect(parseRoles(input)).toEqual(expected);
  });

  it.each([
    ["owner", "owner", true],
    ["owner", "admin,member", true],
    ["admin", "owner", false],
    ["admin", "admin", true],
    ["admin", "member,owner", false],
    ["member", "admin", false],
    ["member", "member", true],
    ["member,admin", "admin", true],
    ["admin", "superuser", false],
    ["owner", "", false],
    ["nobody", "member", false],
  ] as const)("%s may grant %j: %s", (actor, roles, expected) => {
    expect(canGrantRoles(actor, roles)).toBe(expected);
  });

  it("lists the roles a person may hand out", () => {
    expect(assignableRoles("owner")).toEqual(["owner", "admin", "member"]);
    expect(assignableRoles("member,admin")).toEqual(["admin", "member"]);
    expect(assignableRoles("member")).toEqual(["member"]);
    expect(assignableRoles("nobody")).toEqual([]);
  });
});
