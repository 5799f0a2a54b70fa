import type { Clock } from "./deps/clock.js";
import type { Logger } from "./deps/logger.js";
import type { RandomReader } from "./deps/random.js";
import type { SweepPacer } from "./deps/sweep-pacer.js";
import type { PasswordHasher, ScryptParams } from "./crypto/password.js";
import type { AuthDatabase } from "./store/database.js";
import type { Lookups } from "./store/lookups.js";
import type { Mailer } from "./email/mailer.js";
import type { EmailFlowOptions, ResolvedEmailFlowOptions } from "./email/options.js";
import { resolveEmailFlowOptions } from "./email/options.js";
import type { SocialOptions, ResolvedSocialOptions } from "./oauth/options.js";
import { resolveSocialOptions } from "./oauth/options.js";
import type { PasskeyOptions, ResolvedPasskeyOptions } from "./passkey/options.js";
import { resolvePasskeyOptions } from "./passkey/options.js";
import type { OrganizationOptions, ResolvedOrganizationOptions } from "./organization/options.js";
import { resolveOrganizationOptions } from "./organization/options.js";
import { resolveJWTOptions, type JWTOptions, type ResolvedJWTOptions } from "./jwt/options.js";
import { resolveApiKeyOptions, type ApiKeyOptions, type ResolvedApiKeyOptions } from "./api-key/options.js";
import { resolveAdminOptions, type AdminOptions, type ResolvedAdminOptions } from "./admin/options.js";
import type { RateLimitPolicy, RateLimitRule } from "./http/rate-limit.js";
import { resolveTwoFactorOptions, type ResolvedTwoFactorOptions, type TwoFactorOptions } from "./two-factor/options.js";
import { resolvePasswordlessOptions, type PasswordlessOptions, type ResolvedPasswordlessOptions } from "./passwordless/options.js";
import { resolveSsoOptions, type ResolvedSsoOptions, type SsoOptions } from "./sso/options.js";
import { resolveOAuthProviderOptions, type OAuthProviderOptions, type ResolvedOAuthProviderOptions } from "./oauth-provider/options.js";

export interface AuthOptions
  extends
    EmailFlowOptions,
    SocialOptions,
    PasskeyOptions,
    OrganizationOptions,
    JWTOptions,
    AdminOptions,
    TwoFactorOptions,
    ApiKeyOptions,
    PasswordlessOptions,
    OAuthProviderOptions,
    SsoOptions {
  database: AuthDatabase;
  /**
   * How the hot path's prepared lookups run, as the database setup gives them beside `database`
   * (`openSQLite(...)` returns both). Default: through Kysely, as every other query runs.
   */
  lookups?: Lookups;
  /** Public origin of the app, e.g. https://app.example.com. */
  baseURL: string;
  /** Where the handler is mounted; default /api/auth. */
  basePath?: string;
  /** Signs cookies and HS256 email tokens; at least 32 characters. */
  secret: string;
  /** Extra trusted origins; the base URL's origin is always trusted. */
  trustedOrigins?: string[];
  emailAndPassword?: {
    enabled?: boolean;
    disableSignUp?: boolean;
    /** Default 8. */
    minPasswordLength?: number;
    /** Default 128. */
    maxPasswordLength?: number;
    /** Sign in right after sign-up; default true. */
    autoSignIn?: boolean;
    scrypt?: ScryptParams;
    /** Replaces scrypt entirely (e.g. a service migrating from another hash). */
    passwordHasher?: PasswordHasher;
    /**
     * Per-account throttle of failed password sign-ins (account/sign-in-throttle.ts): free
     * failures (default 5), then an exponential delay capped at 15 minutes, and a hard stop
     * (default 50 consecutive failures) until a password reset. enabled: default true.
     */
    throttle?: { enabled?: boolean; freeFailures?: number; hardStop?: number };
    /** Refuse commonly used passwords (400 PASSWORD_COMPROMISED) when one is set. Default true. */
    refuseCommonPasswords?: boolean;
    /**
     * A new password needs at least 15 characters (400 PASSWORD_TOO_SHORT), whatever
     * minPasswordLength says: NIST SP 800-63B-4 §3.1.1.2 asks 15 when the password is the only
     * factor (8 when it is one of two). Default false.
     */
    singleFactorMinimum?: boolean;
  };
  session?: {
    /** Seconds; default 7 days. */
    expiresIn?: number;
    /** Seconds between expiry extensions; default 1 day. */
    updateAge?: number;
    /** Seconds a session counts as fresh for sensitive actions; default 1 day; 0 disables the check. */
    freshAge?: number;
    /**
     * Seconds after its creation when a session ends however often it is used: sliding refresh
     * never passes it. Default 30 days; 0 turns the limit off. 86400 (24 h) for NIST AAL2.
     */
    absoluteLifetime?: number;
    /** Seconds without a request after which a session ends. Default 0: off (expiresIn still applies). */
    idleTimeout?: number;
  };
  rateLimit?: {
    /** Default true; RATE_LIMIT=off in the server turns it off. */
    enabled?: boolean;
    /** The default rule (endpoints declaring `rateLimit: "default"`): 100 per 10 s. */
    window?: number;
    max?: number;
    /**
     * Endpoint name (its `auth.api` name, e.g. "signInEmail") → rule, or false for none;
     * overrides the endpoint's own declaration.
     */
    endpoints?: Record<string, RateLimitRule | false>;
    /**
     * @deprecated Use `endpoints` (by name). Path (or prefix ending in *) → rule; still honoured,
     * matched once against each endpoint's path, below `endpoints` and above the declaration.
     */
    customRules?: Record<string, RateLimitRule | false>;
    /** "memory" (one process, the default) or "database" (shared by every process). */
    storage?: "memory" | "database";
  };
  advanced?: {
    /** Default "gatehouse". */
    cookiePrefix?: string;
    /** Default: true when the base URL is https. */
    useSecureCookies?: boolean;
    /**
     * Name cookies `__Host-<prefix>.…` instead of `__Secure-<prefix>.…` (secure cookies only):
     * host-only, so no sibling subdomain can set or shadow them. Default false (better-auth's
     * wire names); turn it on when no subdomain needs the session cookie.
     */
    useHostPrefix?: boolean;
    /**
     * Headers holding the client address, read only when a trusted proxy sets them
     * (e.g. ["x-forwarded-for"]). Default: none; the socket address is used.
     */
    ipAddressHeaders?: string[];
  };
  /**
   * Sessions for clients that cannot hold cookies: sign-in and sign-up answers carry
   * the signed session token in `set-auth-token`, and `Authorization: Bearer <it>` is accepted
   * wherever the session cookie is (a cookie wins when both are sent). Default off.
   */
  bearer?: { enabled?: boolean };
  /**
   * The audit log: rows older than `retentionDays` (default 365; 0 keeps them
   * forever) are removed by `deleteExpired`, with expired sessions.
   */
  auditLog?: { retentionDays?: number };
  clock?: Clock;
  /** How `deleteExpired` waits between its batches (default: longer while the event loop is busy). */
  sweepPacer?: SweepPacer;
  random?: RandomReader;
  fetch?: typeof fetch;
  logger?: Logger;
  mailer?: Mailer;
}

export interface ResolvedOptions {
  baseURL: string;
  baseOrigin: string;
  basePath: string;
  trustedOrigins: string[];
  emailAndPassword: {
    enabled: boolean;
    disableSignUp: boolean;
    minPasswordLength: number;
    maxPasswordLength: number;
    autoSignIn: boolean;
    throttle: { enabled: boolean; freeFailures: number; hardStop: number };
    refuseCommonPasswords: boolean;
  };
  session: { expiresIn: number; updateAge: number; freshAge: number; absoluteLifetime: number; idleTimeout: number };
  rateLimit: RateLimitPolicy & { enabled: boolean; storage: "memory" | "database" };
  cookies: { prefix: string; secure: boolean; hostPrefix: boolean };
  bearer: { enabled: boolean };
  auditLog: { retentionDays: number };
  jwt: ResolvedJWTOptions;
  ipAddressHeaders: string[];
  email: ResolvedEmailFlowOptions;
  social: ResolvedSocialOptions;
  passkey: ResolvedPasskeyOptions;
  organization: ResolvedOrganizationOptions;
  apiKey: ResolvedApiKeyOptions;
  admin: ResolvedAdminOptions;
  twoFactor: ResolvedTwoFactorOptions;
  passwordless: ResolvedPasswordlessOptions;
  oauthProvider: ResolvedOAuthProviderOptions;
  sso: ResolvedSsoOptions;
}

const DAY = 24 * 60 * 60;

/** NIST SP 800-63B-4 §3.1.1.2: the minimum length of a password that is the only factor. */
const SINGLE_FACTOR_MIN_LENGTH = 15;

export function resolveOptions(options: AuthOptions): ResolvedOptions {
  const base = new URL(options.baseURL);
  const basePath = options.basePath ?? "/api/auth";
  const oauthProvider = resolveOAuthProviderOptions(options, `${base.origin}${basePath}`);
  const jwt = resolveJWTOptions(options, base.origin);
  // The provider's ID tokens are signed with the same keys: a retired key stays published while they live.
  if (oauthProvider.enabled) jwt.publishedFor = Math.max(jwt.publishedFor, oauthProvider.idTokenExpiresIn, oauthProvider.accessTokenExpiresIn);
  return {
    baseURL: base.origin,
    baseOrigin: base.origin,
    basePath,
    trustedOrigins: [base.origin, ...(options.trustedOrigins ?? [])],
    emailAndPassword: {
      enabled: options.emailAndPassword?.enabled ?? true,
      disableSignUp: options.emailAndPassword?.disableSignUp ?? false,
      minPasswordLength: Math.max(
        options.emailAndPassword?.minPasswordLength ?? 8,
        options.emailAndPassword?.singleFactorMinimum ? SINGLE_FACTOR_MIN_LENGTH : 0,
      ),
      maxPasswordLength: options.emailAndPassword?.maxPasswordLength ?? 128,
      autoSignIn: options.emailAndPassword?.autoSignIn ?? true,
      throttle: {
        enabled: options.emailAndPassword?.throttle?.enabled ?? true,
        freeFailures: options.emailAndPassword?.throttle?.freeFailures ?? 5,
        hardStop: options.emailAndPassword?.throttle?.hardStop ?? 50,
      },
      refuseCommonPasswords: options.emailAndPassword?.refuseCommonPasswords ?? true,
    },
    session: {
      expiresIn: options.session?.expiresIn ?? 7 * DAY,
      updateAge: options.session?.updateAge ?? DAY,
      freshAge: options.session?.freshAge ?? DAY,
      absoluteLifetime: options.session?.absoluteLifetime ?? 30 * DAY,
      idleTimeout: options.session?.idleTimeout ?? 0,
    },
    rateLimit: {
      enabled: options.rateLimit?.enabled ?? true,
      defaultRule: { window: options.rateLimit?.window ?? 10, max: options.rateLimit?.max ?? 100 },
      byName: { ...options.rateLimit?.endpoints },
      // Most specific first: exact paths before prefixes.
      byPath: Object.entries(options.rateLimit?.customRules ?? {})
        .map(([path, rule]) => ({ path, rule }))
        .sort((a, b) => Number(a.path.endsWith("*")) - Number(b.path.endsWith("*"))),
      storage: options.rateLimit?.storage ?? "memory",
    },
    cookies: {
      prefix: options.advanced?.cookiePrefix ?? "gatehouse",
      secure: options.advanced?.useSecureCookies ?? base.protocol === "https:",
      hostPrefix: options.advanced?.useHostPrefix ?? false,
    },
    bearer: { enabled: options.bearer?.enabled ?? false },
    auditLog: { retentionDays: options.auditLog?.retentionDays ?? 365 },
    jwt,
    ipAddressHeaders: (options.advanced?.ipAddressHeaders ?? []).map((h) => h.toLowerCase()),
    email: resolveEmailFlowOptions(options),
    social: resolveSocialOptions(options),
    passkey: resolvePasskeyOptions(options, base),
    organization: resolveOrganizationOptions(options),
    apiKey: resolveApiKeyOptions(options),
    admin: resolveAdminOptions(options),
    twoFactor: resolveTwoFactorOptions(options),
    passwordless: resolvePasswordlessOptions(options),
    oauthProvider,
    sso: resolveSsoOptions(options),
  };
}
