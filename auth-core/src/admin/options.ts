/** Operators: who holds the admin role first, and how long an impersonation lasts. */
export interface AdminOptions {
  admin?: {
    /**
     * The first operators' addresses (the server's ADMIN_EMAILS). A person whose role was never set
     * gets the admin role with a step that proves both the listed mailbox and the account are
     * theirs: the verification link opened while signed in to the account, a password reset when
     * the password is the account's only way in, or a sign-in through a provider that vouches for
     * the address and is the account's only way in (account/admission.ts). A later set-role decides.
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
