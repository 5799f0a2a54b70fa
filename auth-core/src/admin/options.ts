/** Operators: who holds the admin role first, and how long an impersonation lasts. */
export interface AdminOptions {
  admin?: {
    /**
     * Addresses whose owners hold the admin role once the address is verified (the server's
     * ADMIN_EMAILS). Applied when a person signs in and when `auth.admin.applyAdminEmails()` runs
     * (the server calls it at startup), to a person whose role was never set: the list names the
     * first operators, and a later set-role decides after that.
     */
    adminEmails?: string[];
    /** Seconds an impersonation session lasts at most; default 3600 (better-auth's one hour). */
    impersonationSessionDuration?: number;
  };
}

export interface ResolvedAdminOptions {
  adminEmails: string[];
  impersonationSessionDuration: number;
}

export function resolveAdminOptions(options: AdminOptions): ResolvedAdminOptions {
  return {
    adminEmails: (options.admin?.adminEmails ?? []).map((email) => email.trim().toLowerCase()).filter(Boolean),
    impersonationSessionDuration: Math.min(options.admin?.impersonationSessionDuration ?? 3600, 3600),
  };
}
