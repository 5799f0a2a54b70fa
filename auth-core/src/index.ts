/** @gatehouse/auth-core: the authentication service library. */
export { createAuth, type Auth, type AuthAPI, type ApiCallInput } from "./create-auth.js";
export { APIError, ERROR_CODES, type ErrorCode } from "./errors.js";
export { translatedErrorBody } from "./i18n/translate-error.js";
export type { AuthOptions } from "./options.js";
export type { RateLimitRule } from "./http/rate-limit.js";
export type { AuthContext } from "./context.js";
export type { Clock, ManualClock } from "./deps/clock.js";
export { createManualClock, systemClock } from "./deps/clock.js";
export type { SweepPacer } from "./deps/sweep-pacer.js";
export type { RandomReader } from "./deps/random.js";
export type { Logger } from "./deps/logger.js";
export { consoleLogger, silentLogger } from "./deps/logger.js";
export type { Mailer, MailMessage } from "./email/mailer.js";
export { mimeFields, senderDomain, type MimeFields, type RawPart } from "./email/mime-parts.js";
export type { BrandOptions } from "./email/brand.js";
export type { Database } from "./store/database.js";
export { openSQLite } from "./fast-path/sqlite.js";
export type { Lookups } from "./store/lookups.js";
export type { PasswordHasher, ScryptParams } from "./crypto/password.js";
export { createScryptHasher, DEFAULT_SCRYPT_PARAMS } from "./crypto/password.js";
export { preloadCommonPasswords } from "./crypto/common-passwords.js";
export type { HandlerInfo, RequestHandler } from "./router.js";
export { checkFetchSite, checkRequestOrigin } from "./http/origin-check.js";
export { resolveClientAddress } from "./http/client-address.js";
export type { ClientInfo } from "./endpoint.js";
export { verifySessionJWT, type SessionJWTClaims, type VerifySessionJWTOptions } from "./jwt/verify.js";
export type { JWTOptions } from "./jwt/options.js";
export type { OrganizationOptions, SeatHolder } from "./organization/options.js";
export {
  assignableRoles,
  canGrantRoles,
  checkPermission,
  hasPermission,
  ORGANIZATION_ROLES,
  ORGANIZATION_STATEMENTS,
  type OrganizationRole,
  type PermissionConnector,
  type PermissionRequest,
} from "./shared/access-control.js";
export type * from "./shared/wire-types.js";
export type { Audit, AuditClient, AuditedChange, AuditEntry } from "./audit/audit-log.js";
export type { AdminCommands } from "./admin/role-command.js";
export { assertNotBanned, isBanActive } from "./account/ban.js";
export { assertAllowedWhileImpersonating, type CallUnderImpersonation } from "./account/impersonation-rule.js";
export { AUDIT_EVENT_TYPES, AUDIT_METHODS, type AuditEventType, type AuditOutcome } from "./shared/audit-events.js";
export type { AccountLinkingOptions, AnonymousHandOver, AnonymousOptions, SocialOptions, SocialProviderOptions } from "./oauth/options.js";
export type { GoogleProviderOptions } from "./oauth/providers/google.js";
export type { OAuthProfile, OAuthProvider, OAuthTokens, OAuthUserInfo } from "./oauth/types.js";
export { defineProvider, fixedEndpoints, type BaseProviderOptions, type ProviderDefinition } from "./oauth/define-provider.js";
export type { WireLinkedAccount } from "./routes/social/list-accounts.js";
