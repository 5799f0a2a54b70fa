import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from "kysely";
import type { AuditEventType, AuditOutcome } from "../shared/audit-events.js";

/**
 * Table shapes as stored. Times are ISO-8601 UTC text, flags are 0/1 integers (the same on
 * SQLite and PostgreSQL). These types never leave the store: encoders turn rows into wire JSON.
 */
interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Generated<number>;
  image: string | null;
  isAnonymous: Generated<number>;
  /** Comma-separated application roles ("admin"); null: never set, read as "user". */
  role: string | null;
  banned: Generated<number>;
  banReason: string | null;
  /** When the ban lapses by itself; null: until lifted. */
  banExpires: string | null;
  /** 1 once a TOTP secret was confirmed with a valid code (two-factor/). */
  twoFactorEnabled: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

interface SessionTable {
  id: string;
  tokenHash: string;
  userId: string;
  expiresAt: string;
  rememberMe: Generated<number>;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  /** The admin acting through this session (impersonation); null for the person's own sessions. */
  impersonatedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  scope: string | null;
  password: string | null;
  createdAt: string;
  updatedAt: string;
}

interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: number;
  transports: string | null;
  aaguid: string | null;
  createdAt: string;
}

interface OrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  plan: string | null;
  /** 1: members who sign in by password must have two-factor on before its pages. */
  requireTwoFactor: Generated<number>;
  createdAt: string;
}

interface MemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
  /** When this membership was last made a session's active organization; new sessions start in the latest. */
  lastActiveAt: ColumnType<string | null, string | null | undefined, string | null>;
}

interface InvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: string;
  teamId: string | null;
  inviterId: string;
  expiresAt: string;
  createdAt: string;
}

interface TeamTable {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string | null;
}

interface TeamMemberTable {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
}

interface SecurityEventTable {
  id: string;
  /** Null once the account is deleted (on delete set null), or for a failure with no account. */
  userId: string | null;
  type: AuditEventType;
  outcome: AuditOutcome;
  /** password, passkey, anonymous, email-link or a provider id. */
  method: string | null;
  /** Kept when the account is deleted: the organization's log stays whole. */
  organizationId: string | null;
  /** Ties the row to the server's log lines of the same request. */
  requestId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  /** Small JSON object: never a secret, token or password. */
  detail: string | null;
  /** The person an admin's action was about: the row shows in their log too. */
  targetUserId: string | null;
  createdAt: string;
}

interface RateLimitTable {
  key: string;
  count: number;
  windowEndsAt: string;
}

interface SignInThrottleTable {
  /** SHA-256 of the normalised email address. */
  key: string;
  /** Consecutive failed password sign-ins since the last success or reset. */
  failures: number;
  lastFailureAt: string;
}

interface TwoFactorTable {
  id: string;
  userId: string;
  /** The TOTP key (base32), encrypted under the auth secret (crypto/token-encryption.ts). */
  secret: string;
  verified: Generated<number>;
  lastUsedStep: number | null;
  failedAttempts: Generated<number>;
  lockedUntil: string | null;
  /** 1 after a completed password reset, until the app or a backup code passes a second step: no mailed code then. */
  mailedCodesHeld: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

interface TwoFactorBackupCodeTable {
  id: string;
  userId: string;
  /** HMAC-SHA256 of the code under a key derived from the auth secret. */
  codeHash: string;
  createdAt: string;
}

interface TwoFactorChallengeTable {
  /** SHA-256 of the pending step's token (the browser's signed cookie holds the token). */
  id: string;
  userId: string;
  rememberMe: Generated<number>;
  attempts: Generated<number>;
  otpHash: string | null;
  otpExpiresAt: string | null;
  /** Codes mailed for this step (send-otp), at most MAILED_CODES_PER_STEP. */
  otpSends: Generated<number>;
  /** The way in that began the step (its sign-in row's method): "password", a provider id, "passkey", "email-link"; null: "password". */
  signInMethod: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface JwksTable {
  /** The key id (`kid`). */
  id: string;
  /** The public JWK, JSON. */
  publicKey: string;
  /** The private JWK, JSON, encrypted under the auth secret (crypto/token-encryption.ts). */
  privateKey: string;
  createdAt: string;
}

/** An API key. bigint columns arrive from PostgreSQL as strings: the store reads them. */
interface ApiKeyTable {
  id: string;
  configId: Generated<string>;
  name: string | null;
  start: string | null;
  prefix: string | null;
  /** SHA-256 of the key, base64url without padding (the plugin's hash): never the key. */
  keyHash: string;
  /** A person's own key: its owner. */
  userId: string | null;
  /** An organization's key: the organization. */
  organizationId: string | null;
  createdBy: string | null;
  enabled: Generated<number>;
  expiresAt: string | null;
  /** JSON: resource → actions. */
  permissions: string | null;
  /** JSON object. */
  metadata: string | null;
  rateLimitEnabled: Generated<number>;
  rateLimitTimeWindow: number | string | null;
  rateLimitMax: number | null;
  requestCount: Generated<number>;
  lastRequest: string | null;
  remaining: number | null;
  refillAmount: number | null;
  refillInterval: number | string | null;
  lastRefillAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A client of Gatehouse's OAuth 2.1 / OpenID provider (oauth-provider/). Lists are JSON text. */
interface OAuthClientTable {
  id: string;
  clientId: string;
  /** SHA-256 of a confidential client's secret (base64url); null for a public client. */
  clientSecretHash: string | null;
  name: string | null;
  uri: string | null;
  logoUri: string | null;
  redirectUris: string;
  postLogoutRedirectUris: string;
  tokenEndpointAuthMethod: string;
  grantTypes: string;
  responseTypes: string;
  /** null: every scope the provider offers people. */
  scopes: string | null;
  clientCredentialsScopes: string;
  skipConsent: Generated<number>;
  enableEndSession: Generated<number>;
  requirePkce: Generated<number>;
  disabled: Generated<number>;
  /** The ID tokens' signing algorithm (id_token_signed_response_alg); null: the provider's default, EdDSA. */
  idTokenSignedResponseAlg: string | null;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A person's approval of a client for some scopes (space-separated). */
interface OAuthConsentTable {
  id: string;
  clientId: string;
  userId: string;
  scopes: string;
  createdAt: string;
  updatedAt: string;
}

interface OAuthAuthorizationCodeTable {
  id: string;
  /** SHA-256 of the code: never the code. */
  codeHash: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  redirectUri: string;
  scopes: string;
  codeChallenge: string;
  nonce: string | null;
  authTime: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** An access or refresh token issued to a client, by the SHA-256 of its value. */
interface OAuthTokenTable {
  id: string;
  kind: "access" | "refresh";
  tokenHash: string;
  clientId: string;
  /** null: the client's own token (client_credentials). */
  userId: string | null;
  sessionId: string | null;
  scopes: string;
  /** The authorization code's id the grant started from. */
  familyId: string | null;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}

/** An organization's own identity provider (sso/): OIDC or SAML, one domain. */
interface SsoProviderTable {
  id: string;
  providerId: string;
  organizationId: string;
  userId: string | null;
  type: "oidc" | "saml";
  issuer: string;
  domain: string;
  domainVerified: Generated<number>;
  domainVerificationToken: string | null;
  /** JSON (sso/provider-config.ts); the client secret inside is encrypted. */
  oidcConfig: string | null;
  samlConfig: string | null;
  createdAt: string;
  updatedAt: string;
}

interface SsoSamlAssertionTable {
  id: string;
  expiresAt: string;
  createdAt: string;
}

interface ScimTokenTable {
  id: string;
  organizationId: string;
  /** SHA-256 of the token (base64url); the token itself is never stored. */
  tokenHash: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

interface ScimUserTable {
  id: string;
  organizationId: string;
  userId: string;
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  active: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** A team a directory made over SCIM (its Group id is the team's). */
interface ScimGroupTable {
  teamId: string;
  organizationId: string;
  externalId: string | null;
  createdAt: string;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  passkey: PasskeyTable;
  organization: OrganizationTable;
  member: MemberTable;
  invitation: InvitationTable;
  team: TeamTable;
  teamMember: TeamMemberTable;
  securityEvent: SecurityEventTable;
  rateLimit: RateLimitTable;
  signInThrottle: SignInThrottleTable;
  jwks: JwksTable;
  apikey: ApiKeyTable;
  twoFactor: TwoFactorTable;
  twoFactorBackupCode: TwoFactorBackupCodeTable;
  twoFactorChallenge: TwoFactorChallengeTable;
  oauthClient: OAuthClientTable;
  oauthConsent: OAuthConsentTable;
  oauthAuthorizationCode: OAuthAuthorizationCodeTable;
  oauthToken: OAuthTokenTable;
  ssoProvider: SsoProviderTable;
  ssoSamlAssertion: SsoSamlAssertionTable;
  scimToken: ScimTokenTable;
  scimUser: ScimUserTable;
  scimGroup: ScimGroupTable;
}

/** Either the database or an open transaction: store functions take this first. */
export type DB = Kysely<Database> | Transaction<Database>;

/** The database handle auth-core is given (createAuth's `database`): Kysely stays behind store/. */
export type AuthDatabase = Kysely<Database>;

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type NewSessionRow = Insertable<SessionTable>;
export type AccountRow = Selectable<AccountTable>;
export type NewAccountRow = Insertable<AccountTable>;
export type AccountUpdate = Updateable<AccountTable>;
export type VerificationRow = Selectable<VerificationTable>;
export type PasskeyRow = Selectable<PasskeyTable>;
export type OrganizationRow = Selectable<OrganizationTable>;
export type MemberRow = Selectable<MemberTable>;
export type NewMemberRow = Insertable<MemberTable>;
export type InvitationRow = Selectable<InvitationTable>;
export type TeamRow = Selectable<TeamTable>;
export type TeamMemberRow = Selectable<TeamMemberTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type NewApiKeyRow = Insertable<ApiKeyTable>;
export type ApiKeyUpdate = Updateable<ApiKeyTable>;
export type TwoFactorRow = Selectable<TwoFactorTable>;
export type TwoFactorChallengeRow = Selectable<TwoFactorChallengeTable>;
export type OAuthClientRow = Selectable<OAuthClientTable>;
export type NewOAuthClientRow = Insertable<OAuthClientTable>;
export type OAuthClientUpdate = Updateable<OAuthClientTable>;
export type OAuthConsentRow = Selectable<OAuthConsentTable>;
export type OAuthAuthorizationCodeRow = Selectable<OAuthAuthorizationCodeTable>;
export type NewOAuthAuthorizationCodeRow = Insertable<OAuthAuthorizationCodeTable>;
export type OAuthTokenRow = Selectable<OAuthTokenTable>;
export type NewOAuthTokenRow = Insertable<OAuthTokenTable>;
export type SsoProviderRow = Selectable<SsoProviderTable>;
export type NewSsoProviderRow = Insertable<SsoProviderTable>;
export type SsoProviderUpdate = Updateable<SsoProviderTable>;
export type ScimTokenRow = Selectable<ScimTokenTable>;
export type ScimUserRow = Selectable<ScimUserTable>;
export type NewScimUserRow = Insertable<ScimUserTable>;
export type ScimUserUpdate = Updateable<ScimUserTable>;
export type ScimGroupRow = Selectable<ScimGroupTable>;
