import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { buildAnalytics } from "../audit/analytics.js";
import { toAuditEventView } from "../audit/audit-view.js";
import type { AdminPerson, AdminStats, AdminUserPage, AdminUserQuery, AdminUserRow } from "../shared/admin-console.js";
import { DEFAULT_ROLE, rolesOf, type ApplicationRole } from "../shared/admin-roles.js";
import { normalizeEmail } from "../email/email-address.js";
import { createAudit } from "../security/security-events.js";
import { changeUserRole } from "./admin-actions.js";
import { listAuditEvents } from "../store/audit-store.js";
import { countPeople, listMembershipsOfUser, readSignInFacts, type SignInFacts } from "../store/admin-console-store.js";
import type { UserRow } from "../store/database.js";
import { findAccountsByUserId } from "../store/account-store.js";
import { findPasskeysByUserId } from "../store/passkey-store.js";
import { findSessionsByUserId } from "../store/session-store.js";
import { findUserByEmail, findUserById } from "../store/user-store.js";
import { countUsers, listUsers, type UserListQuery } from "../store/user-list-store.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const STATS_DAYS = 14;

/** The operator console's reads. Callers check the admin role first (the tRPC admin procedure). */
export interface AdminConsoleService {
  users(query: AdminUserQuery): Promise<AdminUserPage>;
  person(userId: string): Promise<AdminPerson>;
  stats(): Promise<AdminStats>;
  /**
   * `npm run admin -- grant|revoke <email>`: the role set from the machine, with a row in the
   * person's log. The last admin keeps the role. Answers whether anything changed.
   */
  setRoleByEmail(email: string, role: ApplicationRole): Promise<{ changed: boolean; user: AdminUserRow }>;
}

/** Sign-in method names as people read them: a password account is "password". */
function methodName(providerId: string): string {
  return providerId === "credential" ? "password" : providerId;
}

function toRow(user: UserRow, facts: SignInFacts): AdminUserRow {
  const lastSignIn = facts.lastSignInAt.get(user.id);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    emailVerified: user.emailVerified === 1,
    role: user.role ?? DEFAULT_ROLE,
    banned: user.banned === 1,
    banReason: user.banReason,
    banExpires: user.banExpires ? new Date(user.banExpires) : null,
    createdAt: new Date(user.createdAt),
    lastSignInAt: lastSignIn ? new Date(lastSignIn) : null,
    methods: (facts.methods.get(user.id) ?? []).map(methodName),
  };
}

function criteriaOf(query: AdminUserQuery): Pick<UserListQuery, "search" | "filter"> {
  const search = query.search?.trim();
  const filter: UserListQuery["filter"] =
    query.filter === "admins"
      ? { field: "role", operator: "contains", value: "admin" }
      : query.filter === "banned"
        ? { field: "banned", operator: "eq", value: true }
        : query.filter === "unverified"
          ? { field: "emailVerified", operator: "eq", value: false }
          : undefined;
  return { ...(search ? { search: { field: search.includes("@") ? "email" : "name", operator: "contains", value: search } } : {}), ...(filter && { filter }) };
}

export function createAdminConsoleService(ctx: AuthContext): AdminConsoleService {
  return {
    async users(query) {
      const limit = Math.min(Math.max(Math.trunc(query.limit ?? 25), 1), 100);
      const offset = Math.max(Math.trunc(query.offset ?? 0), 0);
      const criteria = criteriaOf(query);
      let rows = await listUsers(ctx.db, { ...criteria, limit, offset });
      let total = await countUsers(ctx.db, criteria);
      // A search without "@" looks in names first; when no name matches, it looks in addresses.
      if (total === 0 && criteria.search?.field === "name") {
        const byEmail = { ...criteria, search: { ...criteria.search, field: "email" as const } };
        rows = await listUsers(ctx.db, { ...byEmail, limit, offset });
        total = await countUsers(ctx.db, byEmail);
      }
      const facts = await readSignInFacts(
        ctx.db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toRow(row, facts)), total, limit, offset };
    },

    async person(userId) {
      const user = await findUserById(ctx.db, userId);
      if (!user) throw APIError.from(404, "USER_NOT_FOUND");
      const now = ctx.clock.now();
      const facts = await readSignInFacts(ctx.db, [user.id]);
      const events = await listAuditEvents(ctx.db, { scope: { kind: "user", userId } }, { after: null, limit: 50 });
      return {
        user: toRow(user, facts),
        sessions: (await findSessionsByUserId(ctx.db, userId, now)).map((s) => ({
          id: s.id,
          createdAt: new Date(s.createdAt),
          updatedAt: new Date(s.updatedAt),
          expiresAt: new Date(s.expiresAt),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
          impersonatedBy: s.impersonatedBy,
        })),
        accounts: (await findAccountsByUserId(ctx.db, userId)).map((a) => ({
          id: a.id,
          providerId: methodName(a.providerId),
          accountId: a.providerId === "credential" ? "" : a.accountId,
          createdAt: new Date(a.createdAt),
        })),
        passkeys: (await findPasskeysByUserId(ctx.db, userId)).map((p) => ({
          id: p.id,
          name: p.name,
          deviceType: p.deviceType,
          backedUp: p.backedUp === 1,
          createdAt: new Date(p.createdAt),
        })),
        organizations: (await listMembershipsOfUser(ctx.db, userId)).map((m) => ({
          id: m.organizationId,
          name: m.name,
          slug: m.slug,
          role: m.role,
          joinedAt: new Date(m.createdAt),
        })),
        events: events.map(toAuditEventView),
      };
    },

    async stats() {
      const now = ctx.clock.now();
      const counts = await countPeople(ctx.db, new Date(now.getTime() - 7 * DAY_MS), now);
      const tomorrow = new Date(Date.parse(now.toISOString().slice(0, 10)) + DAY_MS);
      const analytics = await buildAnalytics(ctx.db, { kind: "installation" }, new Date(tomorrow.getTime() - STATS_DAYS * DAY_MS), tomorrow);
      return {
        people: counts.people,
        newThisWeek: counts.newSince,
        admins: counts.admins,
        banned: counts.banned,
        days: analytics.days.map((d) => ({ day: d.day, signIns: d.signInSuccess, failures: d.signInFailure, signUps: d.signUps })),
      };
    },

    async setRoleByEmail(email, role) {
      const user = await findUserByEmail(ctx.db, normalizeEmail(email));
      if (!user) throw APIError.from(404, "USER_NOT_FOUND");
      const same = rolesOf(user.role).join(",") === role;
      const updated = same
        ? user
        : await changeUserRole(ctx, {
            adminId: null,
            target: user,
            role,
            // The machine's command is no endpoint: it writes its row through an audit of its own.
            audit: createAudit(ctx, { ipAddress: null, userAgent: null }, ["user-role-changed"]),
            detail: { source: "command" },
          });
      return { changed: !same, user: toRow(updated, await readSignInFacts(ctx.db, [user.id])) };
    },
  };
}
