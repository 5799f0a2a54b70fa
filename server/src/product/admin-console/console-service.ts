import { APIError, type Auth, type Database } from "@gatehouse/auth-core";
import { DEFAULT_ROLE } from "@gatehouse/auth-core/shared";
import type { Selectable } from "kysely";
import type { AdminPerson, AdminStats, AdminUserPage, AdminUserQuery, AdminUserRow } from "../../shared/admin-console.js";
import { buildAnalytics } from "../audit/analytics.js";
import { listAuditEvents } from "../audit/audit-store.js";
import { toAuditEventView } from "../audit/audit-view.js";
import type { DB } from "../db.js";
import {
  countConsoleUsers,
  countPeople,
  findAccountsOfUser,
  findLiveSessionsOfUser,
  findPasskeysOfUser,
  findUserById,
  listConsoleUsers,
  listMembershipsOfUser,
  readLastSignIns,
  readSignInFacts,
  signInMethodsOf,
  type ConsoleUserCriteria,
  type SignInFacts,
} from "./console-store.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const STATS_DAYS = 14;

/**
 * The operator console's reads (the web app's /admin pages, over tRPC). Callers check the admin
 * role first (the tRPC admin procedure); the console's actions are auth-core's /api/auth/admin.
 */
export interface AdminConsoleService {
  users(query: AdminUserQuery): Promise<AdminUserPage>;
  person(userId: string): Promise<AdminPerson>;
  stats(): Promise<AdminStats>;
}

/** Sign-in method names as people read them: a password account is "password". */
function methodName(providerId: string): string {
  return providerId === "credential" ? "password" : providerId;
}

function toRow(user: Selectable<Database["user"]>, facts: SignInFacts): AdminUserRow {
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

function criteriaOf(query: AdminUserQuery): ConsoleUserCriteria {
  const search = query.search?.trim();
  const filter = query.filter === "all" ? undefined : query.filter;
  return { ...(search ? { search: { field: search.includes("@") ? "email" : "name", value: search } } : {}), ...(filter && { filter }) };
}

export function createAdminConsoleService(auth: Auth, db: DB): AdminConsoleService {
  return {
    async users(query) {
      const limit = Math.min(Math.max(Math.trunc(query.limit ?? 25), 1), 100);
      const offset = Math.max(Math.trunc(query.offset ?? 0), 0);
      const criteria = criteriaOf(query);
      let rows = await listConsoleUsers(db, criteria, { limit, offset });
      let total = await countConsoleUsers(db, criteria);
      // A search without "@" looks in names first; when no name matches, it looks in addresses.
      if (total === 0 && criteria.search?.field === "name") {
        const byEmail = { ...criteria, search: { ...criteria.search, field: "email" as const } };
        rows = await listConsoleUsers(db, byEmail, { limit, offset });
        total = await countConsoleUsers(db, byEmail);
      }
      const facts = await readSignInFacts(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toRow(row, facts)), total, limit, offset };
    },

    async person(userId) {
      const user = await findUserById(db, userId);
      if (!user) throw APIError.from(404, "USER_NOT_FOUND");
      const now = auth.context.clock.now();
      const lastSignInAt = await readLastSignIns(db, [user.id]);
      const events = await listAuditEvents(db, { scope: { kind: "user", userId } }, { after: null, limit: 50 });
      const sessions = await findLiveSessionsOfUser(db, userId, now);
      const accounts = await findAccountsOfUser(db, userId);
      const passkeys = await findPasskeysOfUser(db, userId);
      // The methods from the rows the page lists anyway (readSignInFacts reads them for a table of people).
      const methods = new Map([
        [
          user.id,
          signInMethodsOf(
            accounts.map((a) => a.providerId),
            passkeys.length > 0,
          ),
        ],
      ]);
      return {
        user: toRow(user, { lastSignInAt, methods }),
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: new Date(s.createdAt),
          updatedAt: new Date(s.updatedAt),
          expiresAt: new Date(s.expiresAt),
          ipAddress: s.ipAddress,
          userAgent: s.userAgent,
          impersonatedBy: s.impersonatedBy,
        })),
        accounts: accounts.map((a) => ({
          id: a.id,
          providerId: methodName(a.providerId),
          accountId: a.providerId === "credential" ? "" : a.accountId,
          createdAt: new Date(a.createdAt),
        })),
        passkeys: passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          deviceType: p.deviceType,
          backedUp: p.backedUp === 1,
          createdAt: new Date(p.createdAt),
        })),
        organizations: (await listMembershipsOfUser(db, userId)).map((m) => ({
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
      const now = auth.context.clock.now();
      const counts = await countPeople(db, new Date(now.getTime() - 7 * DAY_MS), now);
      const tomorrow = new Date(Date.parse(now.toISOString().slice(0, 10)) + DAY_MS);
      const analytics = await buildAnalytics(db, { kind: "installation" }, new Date(tomorrow.getTime() - STATS_DAYS * DAY_MS), tomorrow);
      return {
        people: counts.people,
        newThisWeek: counts.newSince,
        admins: counts.admins,
        banned: counts.banned,
        days: analytics.days.map((d) => ({ day: d.day, signIns: d.signInSuccess, failures: d.signInFailure, signUps: d.signUps })),
      };
    },
  };
}
