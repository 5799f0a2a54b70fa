/**
 * Application roles, in better-auth's admin plugin terms: every person holds "user";
 * operators hold "admin". Browser-safe: the web app shows the console link from the same rule
 * the server enforces.
 */

export const ADMIN_ROLE = "admin";
export const DEFAULT_ROLE = "user";
export const APPLICATION_ROLES = [DEFAULT_ROLE, ADMIN_ROLE] as const;
export type ApplicationRole = (typeof APPLICATION_ROLES)[number];

/** better-auth's admin statements: resource → actions. */
export const ADMIN_STATEMENTS = {
  user: ["create", "list", "set-role", "ban", "impersonate", "impersonate-admins", "delete", "set-password", "set-email", "set-phone", "get", "update"],
  session: ["list", "revoke", "delete"],
  oauthClient: ["create", "read", "update", "delete"],
} as const;

type AdminResource = keyof typeof ADMIN_STATEMENTS;

/** What each role may do. Admins may not impersonate admins (better-auth's default). */
const ROLE_GRANTS: Readonly<Record<ApplicationRole, { readonly [R in AdminResource]: readonly string[] }>> = {
  // Listed, not computed: a call at module level would keep this file in /login's bundle.
  admin: {
    user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "set-email", "set-phone", "get", "update"],
    session: ["list", "revoke", "delete"],
    oauthClient: ["create", "read", "update", "delete"],
  },
  user: { user: [], session: [], oauthClient: [] },
};

/** The roles of a stored or wire value ("admin,user"); none set reads as "user". */
export function rolesOf(role: string | null | undefined): string[] {
  const roles = (role ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  return roles.length > 0 ? roles : [DEFAULT_ROLE];
}

export function isAdminRole(role: string | null | undefined): boolean {
  return rolesOf(role).includes(ADMIN_ROLE);
}

export function isApplicationRole(value: string): value is ApplicationRole {
  return (APPLICATION_ROLES as readonly string[]).includes(value);
}

/**
 * better-auth's has-permission rule: one of the person's roles grants every requested action on
 * every requested resource. An unknown resource or action is not granted.
 */
export function hasAdminPermission(role: string | null | undefined, permissions: Readonly<Record<string, readonly string[]>>): boolean {
  const entries = Object.entries(permissions);
  if (entries.length === 0) return false;
  return rolesOf(role).some((name) => {
    if (!isApplicationRole(name)) return false;
    const grants = ROLE_GRANTS[name];
    return entries.every(([resource, actions]) => {
      if (!Object.hasOwn(grants, resource)) return false;
      const allowed = grants[resource as AdminResource];
      return actions.every((action) => allowed.includes(action));
    });
  });
}
