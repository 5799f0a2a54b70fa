/**
 * Organization access control (spec §6): the matrix as data and one pure check. Browser-safe:
 * the web app imports it to show only the controls the viewer's role allows, and the server
 * uses the same function to refuse everything else, so the rule exists once.
 */

/**
 * Every resource and every action it knows (spec §3: organization, member, invitation, team, ac;
 * beyond the spec, audit: reading the organization's audit log).
 */
export const ORGANIZATION_STATEMENTS = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  ac: ["create", "read", "update", "delete"],
  audit: ["read"],
} as const;

export type OrganizationResource = keyof typeof ORGANIZATION_STATEMENTS;
export type OrganizationAction<R extends OrganizationResource = OrganizationResource> = (typeof ORGANIZATION_STATEMENTS)[R][number];
export type OrganizationRole = "owner" | "admin" | "member";

/** What one role may do: resource → allowed actions. */
export type RoleStatements = { readonly [R in OrganizationResource]: readonly OrganizationAction<R>[] };

/** Spec §6, cell for cell; the audit column is ours, beyond the spec (members see only their own events). */
export const ORGANIZATION_ROLES: Readonly<Record<OrganizationRole, RoleStatements>> = {
  owner: {
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
    audit: ["read"],
  },
  admin: {
    organization: ["update"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    team: ["create", "update", "delete"],
    ac: ["create", "read", "update", "delete"],
    audit: ["read"],
  },
  member: {
    organization: [],
    member: [],
    invitation: [],
    team: [],
    ac: ["read"],
    audit: [],
  },
};

/** Roles from most to least powerful: nobody may grant a role above their own. */
export const ROLE_ORDER: readonly OrganizationRole[] = ["owner", "admin", "member"];

/**
 * A permission request: resource → actions. Typed loosely on purpose: requests arrive as JSON,
 * and unknown resources or actions must fail rather than be rejected by the type system only.
 */
export type PermissionRequest = Readonly<Record<string, readonly string[]>>;

/** AND: every requested resource must pass; OR: one passing resource is enough. */
export type PermissionConnector = "AND" | "OR";

export interface PermissionDecision {
  success: boolean;
  /** Why it failed (spec §6 wording), or null on success. */
  error: string | null;
}

export function isOrganizationRole(value: string): value is OrganizationRole {
  return Object.hasOwn(ORGANIZATION_ROLES, value);
}

/** A stored role ("owner,member") or a list as the wire sends it, as trimmed non-empty names. */
export function parseRoles(roles: string | readonly string[]): string[] {
  const list = typeof roles === "string" ? roles.split(",") : roles.flatMap((r) => r.split(","));
  return [...new Set(list.map((r) => r.trim()).filter((r) => r.length > 0))];
}

function checkResource(statements: RoleStatements, resource: string, actions: readonly string[]): PermissionDecision {
  if (!Object.hasOwn(ORGANIZATION_STATEMENTS, resource)) {
    return { success: false, error: `You are not allowed to access resource: ${resource}` };
  }
  const allowed: readonly string[] = statements[resource as OrganizationResource];
  // An empty action list asks for nothing: refused, so a malformed request never passes.
  if (actions.length === 0 || !actions.every((action) => allowed.includes(action))) {
    return { success: false, error: `Unauthorized to access resource "${resource}"` };
  }
  return { success: true, error: null };
}

/** One role against a request: every action on each resource; resources joined by the connector. */
export function checkRolePermission(statements: RoleStatements, request: PermissionRequest, connector: PermissionConnector = "AND"): PermissionDecision {
  const resources = Object.entries(request);
  if (resources.length === 0) return { success: false, error: "Not authorized" };
  let firstFailure: PermissionDecision | null = null;
  for (const [resource, actions] of resources) {
    const decision = checkResource(statements, resource, actions);
    if (decision.success && connector === "OR") return decision;
    if (!decision.success) {
      if (connector === "AND") return decision;
      firstFailure ??= decision;
    }
  }
  return firstFailure ?? { success: true, error: null };
}

/**
 * Spec §6: a member may hold several comma-separated roles; the check passes if any one of them
 * authorizes the whole request. Unknown roles authorize nothing.
 */
export function checkPermission(roles: string | readonly string[], request: PermissionRequest, connector: PermissionConnector = "AND"): PermissionDecision {
  let failure: PermissionDecision = { success: false, error: "Not authorized" };
  for (const role of parseRoles(roles)) {
    if (!isOrganizationRole(role)) continue;
    const decision = checkRolePermission(ORGANIZATION_ROLES[role], request, connector);
    if (decision.success) return decision;
    failure = decision;
  }
  return failure;
}

/** The boolean form of `checkPermission`, for guards and for deciding which controls to show. */
export function hasPermission(roles: string | readonly string[], request: PermissionRequest, connector: PermissionConnector = "AND"): boolean {
  return checkPermission(roles, request, connector).success;
}

/** Rank of the most powerful known role held (0 = owner); Infinity when none is known. */
export function highestRoleRank(roles: string | readonly string[]): number {
  const ranks = parseRoles(roles)
    .filter(isOrganizationRole)
    .map((role) => ROLE_ORDER.indexOf(role));
  return ranks.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...ranks);
}

/** Whether someone holding `actorRoles` may give (or take away) every role in `roles`. */
export function canGrantRoles(actorRoles: string | readonly string[], roles: string | readonly string[]): boolean {
  const actor = highestRoleRank(actorRoles);
  const wanted = parseRoles(roles);
  if (wanted.length === 0) return false;
  return wanted.every((role) => isOrganizationRole(role) && ROLE_ORDER.indexOf(role) >= actor);
}

/** The roles a person holding `actorRoles` may hand out, most powerful first (for role pickers). */
export function assignableRoles(actorRoles: string | readonly string[]): OrganizationRole[] {
  const actor = highestRoleRank(actorRoles);
  return ROLE_ORDER.filter((_, index) => index >= actor);
}
