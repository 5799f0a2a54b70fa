/**
 * The operator's console: what the web app's /admin pages read over tRPC, beside the
 * /api/auth/admin endpoints. Browser-safe types only.
 */
import type { AuditEventView } from "./audit-views.js";

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: Date | null;
  createdAt: Date;
  lastSignInAt: Date | null;
  /** "password", "passkey" and provider ids. */
  methods: string[];
}

export const ADMIN_USER_FILTERS = ["all", "admins", "banned", "unverified"] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

export interface AdminUserQuery {
  search?: string;
  filter?: AdminUserFilter;
  limit?: number;
  offset?: number;
}

export interface AdminUserPage {
  items: AdminUserRow[];
  total: number;
  limit: number;
  offset: number;
}

export interface AdminPersonSession {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** The admin acting through it, if it is an impersonation session. */
  impersonatedBy: string | null;
}

export interface AdminPerson {
  user: AdminUserRow;
  sessions: AdminPersonSession[];
  accounts: Array<{ id: string; providerId: string; accountId: string; createdAt: Date }>;
  passkeys: Array<{ id: string; name: string | null; deviceType: string; backedUp: boolean; createdAt: Date }>;
  organizations: Array<{ id: string; name: string; slug: string; role: string; joinedAt: Date }>;
  /** The person's latest events, admins' actions on the account included. */
  events: AuditEventView[];
}

export interface AdminStatsDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  signIns: number;
  failures: number;
  signUps: number;
}

export interface AdminStats {
  people: number;
  newThisWeek: number;
  admins: number;
  banned: number;
  days: AdminStatsDay[];
}
