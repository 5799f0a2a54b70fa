import { createAuth, type Auth, type Clock, type Database, type Logger, type Lookups, type Mailer, type ScryptParams } from "@gatehouse/auth-core";
import type { Kysely } from "kysely";
import type { ServerConfig } from "./env.js";
import { AUDIT_RETENTION_DAYS } from "./product/audit/retention.js";
import { planSeatLimit } from "./product/plans/seats.js";
import type { ServerProviders } from "./providers/server-providers.js";

export interface ServerAuthDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  /** How auth-core's hot-path lookups run on `db` (openDatabase gives them); default: through Kysely. */
  lookups?: Lookups;
  dialect: "sqlite" | "postgres";
  secret: string;
  mailer: Mailer;
  logger: Logger;
  /** Where auth reads the time (tests move it); default the system clock. */
  clock?: Clock;
  /** Social sign-in: the environment's providers and the development stand-ins; default none. */
  providers?: ServerProviders;
  /** The password hash's cost, over PASSWORD_SCRYPT's; in-process tests set auth-core/testing's TEST_SCRYPT_PARAMS, as they set the clock. */
  scrypt?: ScryptParams;
}

/** The server's auth-core instance: every option comes from the run contract. */
export function createServerAuth(deps: ServerAuthDeps): Auth {
  const { config } = deps;
  return createAuth({
    database: deps.db,
    lookups: deps.lookups,
    baseURL: config.baseURL,
    secret: deps.secret,
    trustedOrigins: config.trustedOrigins,
    // Enterprise SSO (docs/enterprise-sso.md): domain-verification lookups go to DNS_SERVERS when set.
    sso: { dnsServers: config.dnsServers },
    logger: deps.logger,
    mailer: deps.mailer,
    // APP_*, SUPPORT_EMAIL, MAIL_*: the team's brand and language in every mail (docs/email.md).
    brand: {
      appName: config.brand.name,
      logoURL: config.brand.logoUrl,
      accentColor: config.brand.accentColor,
      supportEmail: config.brand.supportEmail,
      footer: config.mail.footer,
      mailLanguage: config.mail.language,
    },
    clock: deps.clock,
    // SESSION_*: lifetimes in seconds; the defaults are the library's.
    session: config.session,
    emailAndPassword: { singleFactorMinimum: config.singleFactorPasswordMinimum, scrypt: deps.scrypt ?? config.passwordScrypt },
    rateLimit: {
      enabled: config.rateLimit,
      // Several processes on one PostgreSQL must share their limits.
      storage: deps.dialect === "postgres" ? "database" : "memory",
    },
    advanced: { ipAddressHeaders: config.trustProxy ? ["x-forwarded-for"] : [] },
    // Email flows (docs/email.md): a verification mail on sign-up; email change; deletion
    // confirmed through a mailed link. Password reset is on because a mailer is given.
    emailVerification: { sendOnSignUp: true },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: true, sendDeleteAccountVerification: true } },
    // A Google sign-in never links into a user whose own address is unverified: anyone can
    // register an address by POST /sign-up/email without owning it, and would keep its password.
    account: { accountLinking: { requireLocalEmailVerified: true } },
    // Likewise an invitation goes to whoever proves the invited address, not whoever registered it.
    // An organization's seats are its plan's (the product's rule: product/plans/).
    organization: { requireEmailVerificationOnInvitation: true, seatLimit: planSeatLimit },
    // The audit log keeps a year (the product's retention: product/audit/retention.ts).
    auditLog: { retentionDays: AUDIT_RETENTION_DAYS },
    // A reset is how a person recovers a compromised account: no session may outlive it.
    passwordReset: { revokeSessionsOnPasswordReset: true },
    // A found security key alone signs nobody in: passkey sign-in needs PIN or biometrics (UV).
    passkey: { requireUserVerification: true },
    // Clients without cookies (mobile, command line) use the session token as a bearer token.
    bearer: { enabled: true },
    // Session JWTs (GET /token, /jwks, set-auth-jwt) for services that trust users without our database;
    // SESSION_JWT_EXPIRES_IN: how long one verified offline may outlive a ban or a sign-out.
    jwt: { enabled: true, expiresIn: config.sessionJwtExpiresIn },
    // Two-factor on every way in (TOTP, backup codes, and codes mailed through the mailer unless
    // TWO_FACTOR_EMAIL_CODES=off: a mailed code is no AAL2 authenticator, docs/two-factor.md).
    twoFactor: { enabled: true, ...(config.twoFactorEmailCodes ? {} : { otp: { enabled: false } }) },
    // MAGIC_LINK / EMAIL_OTP: sign-in by a mailed link or code (docs/passwordless.md), off unless set.
    magicLink: config.passwordless.magicLink,
    emailOTP: config.passwordless.emailOTP,
    // Notices of password, address, passkey and provider changes link to the Settings page.
    // Their advice names password reset only when the sign-in screen offers it (EMAIL_SIGN_IN).
    accountNotices: { reviewURL: "/settings", passwordSignIn: config.emailSignIn },
    // ADMIN_EMAILS names the first operators (the role comes once they prove the mailbox and the account: docs/admin.md).
    admin: { adminEmails: config.adminEmails },
    // <ID>_CLIENT_ID/_CLIENT_SECRET and each provider's own variables, or the development identity provider.
    socialProviders: deps.providers?.socialProviders ?? {},
    additionalProviders: deps.providers?.additionalProviders ?? [],
    // The OAuth 2.1 / OpenID provider of the company's other apps (docs/oidc-provider.md): people's
    // scopes, and reports:read for services' own tokens (client_credentials) only. OIDC_PROVIDER=off turns it off.
    oauthProvider: { enabled: config.oidcProvider, clientCredentialsScopes: ["reports:read"] },
    // API keys (docs/api-keys.md): each new key's limit from API_KEY_RATE_LIMIT*; an operator sets a key's own in-process.
    apiKey: {
      rateLimit: {
        enabled: config.apiKeyRateLimit.enabled,
        maxRequests: config.apiKeyRateLimit.maxRequests,
        timeWindow: config.apiKeyRateLimit.windowSeconds * 1000,
      },
    },
  });
}
