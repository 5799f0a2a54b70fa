import { z } from "zod";
import { DEFAULT_SCRYPT_PARAMS, type ScryptParams } from "@gatehouse/auth-core";
import { isLoopbackHTTPOrigin } from "./dev-idp/loopback.js";
import { LOG_LEVELS } from "./logging.js";
import { readDevIdpProviders, readProviderEnv, type ConfiguredProvider } from "./providers/read-provider-env.js";
import type { ProviderId } from "./providers/provider-table.js";

const DAY = 24 * 60 * 60;
/** A duration in whole seconds, at most ten years. */
const seconds = z.coerce
  .number()
  .int()
  .min(0)
  .max(10 * 365 * DAY);

/** The run contract (docs/design.md; README, Configuration, lists every variable). main.ts is the only reader of process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: z.url().optional(),
  DATABASE_URL: z.string().default("file:./data/gatehouse.db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  // off: no named prepared statements on PostgreSQL (a pooler in transaction mode that does not carry them, PgBouncer before 1.21).
  DATABASE_NAMED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  // DNS_SERVERS: host:port resolvers (comma-separated) that domain-verification TXT lookups go to, and only them.
  DNS_SERVERS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[0-9.]+|[A-Za-z0-9.-]+)(:\d{1,5})?$/, "host:port")))
    .optional(),
  TRUSTED_PROXY: z.enum(["on", "off"]).default("off"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Gatehouse <no-reply@localhost>"),
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  DATA_DIR: z.string().default("./data"),
  DEV_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  DEV_IDP_PROVIDERS: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  EMAIL_SIGN_IN: z.enum(["on", "off"]).default("off"),
  // TWO_FACTOR_EMAIL_CODES=off: the second step takes no mailed code (an app or a backup code only).
  TWO_FACTOR_EMAIL_CODES: z.enum(["on", "off"]).default("on"),
  // MAGIC_LINK / EMAIL_OTP: passwordless sign-in (better-auth's magicLink and emailOTP wires), off by
  // default; *_EXPIRES_IN: a link's or a code's life in seconds.
  MAGIC_LINK: z.enum(["on", "off"]).default("off"),
  MAGIC_LINK_EXPIRES_IN: seconds.min(1).max(DAY).default(300),
  EMAIL_OTP: z.enum(["on", "off"]).default("off"),
  EMAIL_OTP_EXPIRES_IN: seconds.min(1).max(DAY).default(300),
  // API_KEY_RATE_LIMIT*: the limit each new API key gets (better-auth's api-key defaults: 10 uses a day).
  API_KEY_RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  API_KEY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  API_KEY_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(86_400),
  // SESSION_*: session lifetimes in seconds (defaults: the library's), and NIST's single-factor minimum.
  SESSION_EXPIRES_IN: seconds.min(60).default(7 * DAY),
  SESSION_UPDATE_AGE: seconds.default(DAY),
  SESSION_FRESH_AGE: seconds.default(DAY),
  SESSION_IDLE_TIMEOUT: seconds.default(0),
  SESSION_ABSOLUTE_LIFETIME: seconds.default(30 * DAY),
  // SESSION_JWT_EXPIRES_IN: a session JWT's life; one verified offline outlives a ban or sign-out by up to this much.
  SESSION_JWT_EXPIRES_IN: seconds
    .min(30)
    .max(DAY)
    .default(5 * 60),
  PASSWORD_SINGLE_FACTOR_MINIMUM: z.enum(["on", "off"]).default("off"),
  // OIDC_PROVIDER=off: Gatehouse is no OAuth 2.1 / OpenID provider (no /oauth2/* endpoints, no discovery documents).
  OIDC_PROVIDER: z.enum(["on", "off"]).default("on"),
  // PASSWORD_SCRYPT: "N,r,p" of new password hashes (readPasswordScrypt below says what is allowed).
  PASSWORD_SCRYPT: z
    .string()
    .regex(/^\d{1,8},\d{1,3},\d{1,3}$/, "three whole numbers N,r,p")
    .optional(),
  // APP_*, SUPPORT_EMAIL: the team's brand on every screen and title (docs/front-door.md).
  APP_NAME: z.string().trim().min(1).max(60).default("Gatehouse"),
  APP_LOGO_URL: z
    .string()
    .refine((value) => /^(https:\/\/[^\s"'<>]+|\/[^/\s"'<>][^\s"'<>]*)$/.test(value), "an https:// address or a path on this server")
    .optional(),
  APP_ACCENT_COLOR: z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "a colour as #rgb or #rrggbb")
    .optional(),
  SUPPORT_EMAIL: z.email().optional(),
  // MAIL_FOOTER, MAIL_LANGUAGE: the last line of every mail (a postal address, a legal notice), and
  // the language of the mails no request of their addressee causes (docs/email.md).
  MAIL_FOOTER: z.string().trim().min(1).max(300).optional(),
  MAIL_LANGUAGE: z.enum(["en", "de", "fr", "es", "ja"]).default("en"),
  // ADMIN_EMAILS: the first operators, comma-separated; each must be an address.
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email()))
    .optional(),
});

/** The team's brand (docs/front-door.md): the web app's name, logo, accent colour and support address. */
export interface Brand {
  name: string;
  /** An https:// address or a path on this server (web/public); null: the name alone. */
  logoUrl: string | null;
  /** #rrggbb; null: the app's own blue. */
  accentColor: string | null;
  supportEmail: string | null;
}

/** "#abc" → "#aabbcc", lower case. */
function fullHex(color: string): string {
  const digits = color.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits}`;
}

export interface ServerConfig {
  production: boolean;
  port: number;
  baseURL: string;
  databaseURL: string;
  /** PostgreSQL connections per process. */
  databasePoolSize: number;
  /** Whether repeated PostgreSQL selects run as named prepared statements (DATABASE_NAMED_STATEMENTS). */
  databaseNamedStatements: boolean;
  authSecret: string | undefined;
  trustedOrigins: string[];
  /** DNS_SERVERS: the resolvers of domain verification (enterprise SSO); empty: the system's. */
  dnsServers: string[];
  trustProxy: boolean;
  /** Social providers with credentials (`<ID>_CLIENT_ID`, `<ID>_CLIENT_SECRET`, extras): Google first, then by name. */
  socialProviders: ConfiguredProvider[];
  /** Half-configured providers, which stay off; logged at startup. */
  providerWarnings: string[];
  smtpURL: string | undefined;
  mailFrom: string;
  rateLimit: boolean;
  dataDir: string;
  devIdpPort: number;
  /** DEV_IDP_PROVIDERS: ids the development identity provider stands in for (development only). */
  devIdpProviders: ProviderId[];
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * EMAIL_SIGN_IN=on: the sign-in screen also offers email and password (sign in, create an
   * account, forgot password), and Settings and the mails speak of it. Off (default): spec §1's
   * screen, Google and passkeys.
   */
  emailSignIn: boolean;
  /**
   * TWO_FACTOR_EMAIL_CODES=off: the second step of a sign-in takes no code mailed to the account's
   * address (twoFactor.otp.enabled false); on (default): mailed codes beside the app and backup codes.
   */
  twoFactorEmailCodes: boolean;
  /** MAGIC_LINK, EMAIL_OTP and their *_EXPIRES_IN: passwordless sign-in (docs/passwordless.md), off unless set. */
  passwordless: { magicLink: { enabled: boolean; expiresIn: number }; emailOTP: { enabled: boolean; expiresIn: number } };
  /** API keys' limit: on or off for every key; uses per window (seconds) given to each new key. */
  apiKeyRateLimit: { enabled: boolean; maxRequests: number; windowSeconds: number };
  /** SESSION_*: the library's session options, in seconds (0 turns idleTimeout, absoluteLifetime and freshAge off). */
  session: { expiresIn: number; updateAge: number; freshAge: number; idleTimeout: number; absoluteLifetime: number };
  /** SESSION_JWT_EXPIRES_IN: seconds a session JWT lives (the library's jwt.expiresIn), 5 minutes unless set. */
  sessionJwtExpiresIn: number;
  /** PASSWORD_SINGLE_FACTOR_MINIMUM=on: new passwords need 15 characters (NIST SP 800-63B-4, password as the only factor). */
  singleFactorPasswordMinimum: boolean;
  /** ADMIN_EMAILS: the first operators' addresses (docs/admin.md says when the role comes). */
  adminEmails: string[];
  /** OIDC_PROVIDER: Gatehouse as the OAuth 2.1 / OpenID provider of other apps (docs/oidc-provider.md); on unless set to off. */
  oidcProvider: boolean;
  /** PASSWORD_SCRYPT: the cost of new password hashes; undefined: the library's default. */
  passwordScrypt: ScryptParams | undefined;
  /** APP_NAME, APP_LOGO_URL, APP_ACCENT_COLOR, SUPPORT_EMAIL: what the web app shows as the team's own. */
  brand: Brand;
  /** MAIL_FOOTER, MAIL_LANGUAGE: what mails carry beyond the brand (auth-core's brand option). */
  mail: { footer: string | null; language: "en" | "de" | "fr" | "es" | "ja" };
}

/**
 * PASSWORD_SCRYPT's N,r,p. Every stored hash carries its own parameters, so a change applies to
 * passwords set from then on and the older ones still verify. In production the work (N·r·p)
 * may only rise above the library's default, as hardware gets faster; below it (the browser
 * tests' servers hash at the unit tests' cost) only outside production. N is a power of two;
 * scrypt's memory, 128·N·r bytes per hash, stays within 256 MiB.
 */
function readPasswordScrypt(value: string | undefined, production: boolean): ScryptParams | undefined {
  if (value === undefined) return undefined;
  const [N, r, p] = value.split(",").map(Number) as [number, number, number];
  const invalid = (why: string): Error => new Error(`invalid environment: PASSWORD_SCRYPT: ${why}`);
  if (N < 1024 || (N & (N - 1)) !== 0) throw invalid(`N must be a power of two, at least 1024 (not ${N})`);
  if (r < 1 || r > 32 || p < 1 || p > 16) throw invalid(`r must be 1 to 32 and p 1 to 16 (not ${r} and ${p})`);
  if (128 * N * r > 256 * 1024 * 1024) throw invalid(`a hash would take ${Math.round((128 * N * r) / 1024 / 1024)} MiB of memory; at most 256`);
  const defaultWork = DEFAULT_SCRYPT_PARAMS.N * DEFAULT_SCRYPT_PARAMS.r * DEFAULT_SCRYPT_PARAMS.p;
  if (production && N * r * p < defaultWork)
    throw invalid(
      `in production the work N·r·p is at least the default's ${defaultWork} (${DEFAULT_SCRYPT_PARAMS.N},${DEFAULT_SCRYPT_PARAMS.r},${DEFAULT_SCRYPT_PARAMS.p}), not ${N * r * p}`,
    );
  return { N, r, p, keyLength: DEFAULT_SCRYPT_PARAMS.keyLength };
}

export function readConfig(env: Record<string, string | undefined>): ServerConfig {
  // An empty variable means unset (e.g. `AUTH_SECRET= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid environment: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && !e.AUTH_SECRET) throw new Error("AUTH_SECRET is required in production");
  const social = readProviderEnv(present);
  const devIdpProviders = readDevIdpProviders(e.DEV_IDP_PROVIDERS);
  if (production && devIdpProviders.length > 0)
    throw new Error("invalid environment: DEV_IDP_PROVIDERS: the development identity provider never runs in production");
  const baseURL = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const providerWarnings = [...social.warnings];
  if (!production && !isLoopbackHTTPOrigin(baseURL)) {
    // devIdpStandInIds' rule: no development identity provider off the loopback interface.
    const googleMissing = !social.providers.some((p) => p.id === "google");
    if (googleMissing || devIdpProviders.length > 0)
      providerWarnings.push(
        `the development identity provider runs only when BASE_URL is http://localhost, http://127.0.0.1 or http://[::1], not ${baseURL}: ` +
          (googleMissing ? "Google sign-in is off until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set" : "") +
          (googleMissing && devIdpProviders.length > 0 ? ", and " : "") +
          (devIdpProviders.length > 0 ? "DEV_IDP_PROVIDERS is ignored" : "") +
          " (a public deployment also sets NODE_ENV=production)",
      );
  }
  return {
    production,
    port: e.PORT,
    baseURL,
    databaseURL: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseNamedStatements: e.DATABASE_NAMED_STATEMENTS === "on",
    authSecret: e.AUTH_SECRET,
    trustedOrigins: (e.TRUSTED_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    dnsServers: e.DNS_SERVERS ?? [],
    trustProxy: e.TRUSTED_PROXY === "on",
    socialProviders: social.providers,
    providerWarnings,
    smtpURL: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimit: e.RATE_LIMIT === "on",
    dataDir: e.DATA_DIR,
    devIdpPort: e.DEV_IDP_PORT,
    devIdpProviders,
    logLevel: e.LOG_LEVEL,
    emailSignIn: e.EMAIL_SIGN_IN === "on",
    twoFactorEmailCodes: e.TWO_FACTOR_EMAIL_CODES === "on",
    passwordless: {
      magicLink: { enabled: e.MAGIC_LINK === "on", expiresIn: e.MAGIC_LINK_EXPIRES_IN },
      emailOTP: { enabled: e.EMAIL_OTP === "on", expiresIn: e.EMAIL_OTP_EXPIRES_IN },
    },
    apiKeyRateLimit: { enabled: e.API_KEY_RATE_LIMIT === "on", maxRequests: e.API_KEY_RATE_LIMIT_MAX, windowSeconds: e.API_KEY_RATE_LIMIT_WINDOW },
    session: {
      expiresIn: e.SESSION_EXPIRES_IN,
      updateAge: e.SESSION_UPDATE_AGE,
      freshAge: e.SESSION_FRESH_AGE,
      idleTimeout: e.SESSION_IDLE_TIMEOUT,
      absoluteLifetime: e.SESSION_ABSOLUTE_LIFETIME,
    },
    sessionJwtExpiresIn: e.SESSION_JWT_EXPIRES_IN,
    singleFactorPasswordMinimum: e.PASSWORD_SINGLE_FACTOR_MINIMUM === "on",
    adminEmails: e.ADMIN_EMAILS ?? [],
    oidcProvider: e.OIDC_PROVIDER === "on",
    passwordScrypt: readPasswordScrypt(e.PASSWORD_SCRYPT, production),
    brand: {
      name: e.APP_NAME,
      logoUrl: e.APP_LOGO_URL ?? null,
      accentColor: e.APP_ACCENT_COLOR ? fullHex(e.APP_ACCENT_COLOR) : null,
      supportEmail: e.SUPPORT_EMAIL ?? null,
    },
    mail: { footer: e.MAIL_FOOTER ?? null, language: e.MAIL_LANGUAGE },
  };
}
