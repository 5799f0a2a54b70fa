/** One entry of the catalogue: the status(es) it is answered with and its wording. */
export interface ErrorEntry {
  /** Several where better-auth answers the same code with different statuses by flow. */
  readonly status: number | readonly number[];
  /** `{name}` marks a value filled in by the thrower (a provider id, a field). */
  readonly message: string;
  /** Other wordings of the same code that the spec fixes for one flow (verify-email's snake case). */
  readonly also?: readonly string[];
}

/**
 * The error catalogue (spec §8): every code that goes on the wire, with its status and message.
 * Codes are SCREAMING_SNAKE; messages are the spec's words where it gives them, and better-auth
 * 1.x's wording where it names only the code. A wording without a better-auth code keeps the
 * code better-auth 1.x derives from it ("Invalid callbackURL" → INVALID_CALLBACKURL).
 */
export const ERROR_CODES = {
  USER_NOT_FOUND: { status: [400, 401, 404], message: "User not found", also: ["user_not_found"] },
  FAILED_TO_CREATE_USER: { status: 422, message: "Failed to create user" },
  FAILED_TO_CREATE_SESSION: { status: 500, message: "Failed to create session" },
  FAILED_TO_UPDATE_USER: { status: 500, message: "Failed to update user" },
  FAILED_TO_GET_SESSION: { status: 400, message: "Failed to get session" },
  INVALID_PASSWORD: { status: 400, message: "Invalid password" },
  INVALID_EMAIL: { status: 400, message: "Invalid email" },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: "Invalid email or password" },
  SOCIAL_ACCOUNT_ALREADY_LINKED: { status: 400, message: "Social account already linked" },
  PROVIDER_NOT_FOUND: { status: [400, 404], message: "Provider not found", also: ["Provider {id} not found."] },
  INVALID_TOKEN: { status: [400, 401, 404], message: "Invalid token", also: ["invalid_token"] },
  ID_TOKEN_NOT_SUPPORTED: { status: 404, message: "id_token not supported" },
  FAILED_TO_GET_USER_INFO: { status: [400, 401], message: "Failed to get user info" },
  USER_EMAIL_NOT_FOUND: { status: 401, message: "User email not found" },
  EMAIL_NOT_VERIFIED: { status: 403, message: "Email not verified" },
  PASSWORD_TOO_SHORT: { status: 400, message: "Password too short" },
  PASSWORD_TOO_LONG: { status: 400, message: "Password too long" },
  // NIST SP 800-63B-4: a password from the list of commonly used ones.
  PASSWORD_COMPROMISED: { status: 400, message: "The password you entered has been compromised. Please choose a different password." },
  USER_ALREADY_EXISTS: { status: 422, message: "User already exists." },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: "Email can not be updated" },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: "Credential account not found" },
  SESSION_EXPIRED: { status: 400, message: "Session expired. Re-authenticate to perform this action." },
  FAILED_TO_UNLINK_LAST_ACCOUNT: { status: 400, message: "You can't unlink your last account" },
  ACCOUNT_NOT_FOUND: { status: 400, message: "Account not found" },
  USER_ALREADY_HAS_PASSWORD: { status: 400, message: "user already has a password" },
  // Email flows: a mail the transport refused (nothing was changed or consumed).
  FAILED_TO_SEND_EMAIL: { status: 503, message: "Failed to send email. Please try again later." },
  // Organizations: better-auth 1.x's organization codes and wording (spec §6, §7).
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: { status: 403, message: "You are not allowed to create a new organization" },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: { status: 403, message: "You have reached the maximum number of organizations" },
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: "Organization already exists" },
  ORGANIZATION_SLUG_ALREADY_TAKEN: { status: 400, message: "Organization slug already taken" },
  ORGANIZATION_NOT_FOUND: { status: 400, message: "Organization not found" },
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: { status: [400, 403], message: "User is not a member of the organization" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: { status: 403, message: "You are not allowed to update this organization" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: { status: 403, message: "You are not allowed to delete this organization" },
  NO_ACTIVE_ORGANIZATION: { status: 400, message: "No active organization" },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: { status: 400, message: "User is already a member of this organization" },
  MEMBER_NOT_FOUND: { status: 400, message: "Member not found" },
  ROLE_NOT_FOUND: { status: 400, message: "Role not found" },
  TEAM_NOT_FOUND: { status: 400, message: "Team not found" },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: { status: 400, message: "You cannot leave the organization as the only owner" },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: { status: 400, message: "You cannot leave the organization without an owner" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: { status: 403, message: "You are not allowed to delete this member" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: { status: 403, message: "You are not allowed to update this member" },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: { status: 403, message: "You are not allowed to invite users to this organization" },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: { status: 403, message: "you are not allowed to invite user with this role" },
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: { status: 400, message: "User is already invited to this organization" },
  INVITATION_NOT_FOUND: { status: 400, message: "Invitation not found" },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: { status: 403, message: "You are not the recipient of the invitation" },
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_INVITATION: { status: 403, message: "Email verification required before accepting invitation" },
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: { status: 403, message: "You are not allowed to cancel this invitation" },
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: { status: 400, message: "Inviter is no longer a member of the organization" },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { status: 403, message: "Organization membership limit reached" },
  INVITATION_LIMIT_REACHED: { status: 403, message: "Invitation limit reached" },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: { status: 400, message: "You have reached the maximum number of teams" },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: { status: 403, message: "You are not allowed to create teams in this organization" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: { status: 403, message: "You are not allowed to update this team" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: { status: 403, message: "You are not allowed to delete teams in this organization" },
  TEAM_MEMBER_LIMIT_REACHED: { status: 403, message: "Team member limit reached" },
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: { status: [400, 403], message: "User is not a member of the team" },
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: { status: 400, message: "You do not have an active team" },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER: { status: 403, message: "You are not allowed to create a new member" },
  YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER: { status: 403, message: "You are not allowed to remove a team member" },
  FAILED_TO_SEND_INVITATION_EMAIL: { status: 500, message: "Failed to send invitation email" },
  // Slugs are lowercase letters, digits and single hyphens, 2 to 48 long.
  INVALID_ORGANIZATION_SLUG: {
    status: 400,
    message: "Use 2 to 48 lowercase letters, digits and single hyphens for the slug, starting and ending with a letter or digit",
  },
  // The organization's plan caps its seats (members plus pending invitations).
  SEAT_LIMIT_REACHED: { status: 403, message: "Your plan's seat limit is reached. Upgrade the plan to add more members." },
  YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG: { status: 403, message: "You are not allowed to read this organization's audit log" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_THE_PLAN: { status: 403, message: "Only an owner can change the organization's plan" },
  PLAN_SEAT_LIMIT_TOO_LOW: { status: 400, message: "The organization has more members than this plan's seat limit" },
  INVALID_CURSOR: { status: 400, message: "Invalid cursor" },
  INVALID_DATE_RANGE: { status: 400, message: "The date range must start before it ends and span at most 366 days" },
  /** The server's tRPC procedures that need a session (server/src/trpc). */
  SIGN_IN_REQUIRED: { status: 401, message: "You need to sign in to access this page." },
  /** The operator console's tRPC procedures, for anyone whose role is not an admin's. */
  ADMIN_CONSOLE_ADMINS_ONLY: { status: 403, message: "Only admins may use the admin console." },
  UNAUTHORIZED: { status: 401, message: "Unauthorized", also: ["unauthorized"] },
  INVALID_ORIGIN: { status: 403, message: "Invalid origin" },
  MISSING_OR_NULL_ORIGIN: { status: 403, message: "Missing or null Origin" },
  VALIDATION_ERROR: { status: 400, message: "[{field}] {issue}", also: ["Invalid request"] },
  NOT_FOUND: { status: 404, message: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  INTERNAL_SERVER_ERROR: { status: 500, message: "Internal server error" },
  // Passkeys: better-auth 1.x's passkey codes, and the spec §8 message for a person without one.
  CHALLENGE_NOT_FOUND: { status: 400, message: "Challenge not found" },
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: { status: 401, message: "You are not allowed to register this passkey" },
  FAILED_TO_VERIFY_REGISTRATION: { status: 400, message: "Failed to verify registration" },
  PASSKEY_NOT_FOUND: { status: [401, 404], message: "Passkey not found" },
  AUTHENTICATION_FAILED: { status: 401, message: "Authentication failed" },
  UNABLE_TO_CREATE_SESSION: { status: [401, 500], message: "Unable to create session", also: ["unable to create session"] },
  FAILED_TO_UPDATE_PASSKEY: { status: 500, message: "Failed to update passkey" },
  NO_PASSKEY_FOUND: { status: 404, message: "No passkey found for this account. Please sign in with Google first." },
  // The wire's own codes, named so that every code on the wire is in this table: the router's
  // answers and the wordings that made their code from the message (APIError.withMessage, gone).
  SESSION_NOT_FRESH: { status: 403, message: "Session is not fresh" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Content-Type must be application/json" },
  INVALID_JSON: { status: 400, message: "Request body is not valid JSON" },
  CROSS_SITE_REQUEST: { status: 403, message: "Cross-site requests are not allowed" },
  TOO_MANY_REQUESTS: { status: 429, message: "Too many requests. Please try again later." },
  DATABASE_UNAVAILABLE: { status: 503, message: "The database is unreachable. Please try again shortly." },
  INVALID_CALLBACKURL: { status: 403, message: "Invalid callbackURL" },
  INVALID_REDIRECTURL: { status: 403, message: "Invalid redirectURL" },
  INVALID_ERRORCALLBACKURL: { status: 403, message: "Invalid errorCallbackURL" },
  INVALID_NEWUSERCALLBACKURL: { status: 403, message: "Invalid newUserCallbackURL" },
  // The same refusals as better-auth 1.7's plugins code them (magic link: urlInputCodes "plugin").
  INVALID_CALLBACK_URL: { status: 403, message: "Invalid callbackURL" },
  INVALID_REDIRECT_URL: { status: 403, message: "Invalid redirectURL" },
  INVALID_ERROR_CALLBACK_URL: { status: 403, message: "Invalid errorCallbackURL" },
  INVALID_NEW_USER_CALLBACK_URL: { status: 403, message: "Invalid newUserCallbackURL" },
  UNABLE_TO_CREATE_VERIFICATION: { status: 500, message: "Unable to create verification" },
  KEYS_NOT_FOUND: { status: 401, message: "Keys not found" },
  EMAIL_AND_PASSWORD_IS_NOT_ENABLED: { status: 400, message: "Email and password is not enabled" },
  EMAIL_AND_PASSWORD_SIGN_UP_IS_NOT_ENABLED: { status: 400, message: "Email and password sign up is not enabled" },
  VERIFICATION_EMAIL_ISN_T_ENABLED: { status: 400, message: "Verification email isn't enabled" },
  YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_AN_UNVERIFIED_EMAIL: { status: 400, message: "You can only send a verification email to an unverified email" },
  YOU_CAN_ONLY_SEND_A_VERIFICATION_EMAIL_TO_YOUR_OWN_EMAIL: { status: 400, message: "You can only send a verification email to your own email" },
  RESET_PASSWORD_ISN_T_ENABLED: { status: 400, message: "Reset password isn't enabled" },
  CALLBACKURL_IS_REQUIRED: { status: 400, message: "callbackURL is required" },
  CHANGE_EMAIL_IS_DISABLED: { status: 400, message: "Change email is disabled" },
  EMAIL_IS_THE_SAME: { status: 400, message: "Email is the same" },
  COULDN_T_UPDATE_YOUR_EMAIL: { status: 400, message: "Couldn't update your email" },
  TOKEN_EXPIRED: { status: 401, message: "token_expired" },
  NO_FIELDS_TO_UPDATE: { status: 400, message: "No fields to update" },
  INVALID_PERMISSION_CHECK_NO_PERMISSION_S_WERE_PASSED: { status: 400, message: "invalid permission check. no permission(s) were passed." },
  EITHER_USERID_OR_SESSION_IS_REQUIRED: { status: 400, message: "Either userId or session is required" },
  PROVIDER_NOT_SUPPORTED: { status: 400, message: "Provider {id} is not supported." },
  PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING: { status: 400, message: "Provider {id} does not support token refreshing." },
  PROVIDER_NOT_CONFIGURED: { status: 500, message: "Provider account provider is {id} but it is not configured" },
  FAILED_TO_GET_A_VALID_ACCESS_TOKEN: { status: 400, message: "Failed to get a valid access token" },
  FAILED_TO_REFRESH_ACCESS_TOKEN: { status: 400, message: "Failed to refresh access token" },
  ACCESS_TOKEN_NOT_FOUND: { status: 400, message: "Access token not found" },
  ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY: { status: 400, message: "Anonymous users cannot sign in again anonymously" },
  ACCOUNT_NOT_LINKED: { status: 401, message: "account not linked" },
  SIGNUP_DISABLED: { status: 401, message: "signup disabled" },
  UNABLE_TO_CREATE_USER: { status: 401, message: "unable to create user" },
  UNABLE_TO_LINK_ACCOUNT: { status: 401, message: "unable to link account" },
  ACCOUNT_NOT_LINKED_LINKING_NOT_ALLOWED: { status: 401, message: "Account not linked - linking not allowed" },
  ACCOUNT_NOT_LINKED_DIFFERENT_EMAILS_NOT_ALLOWED: { status: 401, message: "Account not linked - different emails not allowed" },
  ACCOUNT_NOT_LINKED_UNABLE_TO_CREATE_ACCOUNT: { status: 417, message: "Account not linked - unable to create account" },
  // The OAuth 2.1 / OpenID provider's management endpoints (its OAuth endpoints answer RFC 6749 errors instead).
  INVALID_CLIENT_METADATA: { status: 400, message: "Invalid client metadata: {reason}" },
  OAUTH_CLIENT_NOT_FOUND: { status: 404, message: "OAuth client not found" },
  OAUTH_CONSENT_NOT_FOUND: { status: 404, message: "Consent not found" },
  ONLY_ADMINS_MAY_REGISTER_OAUTH_CLIENTS: { status: 403, message: "Only admins may register or manage OAuth clients" },
  INVALID_OAUTH_QUERY: { status: 400, message: "The authorization request is invalid or has expired" },
  // API keys, with better-auth 1.7's api-key plugin codes and wording.
  INVALID_METADATA_TYPE: { status: 400, message: "metadata must be an object or undefined" },
  REFILL_AMOUNT_AND_INTERVAL_REQUIRED: { status: 400, message: "refillAmount is required when refillInterval is provided" },
  REFILL_INTERVAL_AND_AMOUNT_REQUIRED: { status: 400, message: "refillInterval is required when refillAmount is provided" },
  USER_BANNED: { status: 401, message: "User is banned" },
  UNAUTHORIZED_SESSION: { status: 401, message: "Unauthorized or invalid session" },
  KEY_NOT_FOUND: { status: [401, 404], message: "API Key not found" },
  KEY_DISABLED: { status: 401, message: "API Key is disabled" },
  KEY_EXPIRED: { status: 401, message: "API Key has expired" },
  USAGE_EXCEEDED: { status: 429, message: "API Key has reached its usage limit" },
  EXPIRES_IN_IS_TOO_SMALL: { status: 400, message: "The expiresIn is smaller than the predefined minimum value." },
  EXPIRES_IN_IS_TOO_LARGE: { status: 400, message: "The expiresIn is larger than the predefined maximum value." },
  INVALID_PREFIX_LENGTH: { status: 400, message: "The prefix length is either too large or too small." },
  INVALID_NAME_LENGTH: { status: 400, message: "The name length is either too large or too small." },
  METADATA_DISABLED: { status: 400, message: "Metadata is disabled." },
  RATE_LIMITED: { status: 429, message: "Rate limit exceeded." },
  NO_VALUES_TO_UPDATE: { status: 400, message: "No values to update." },
  KEY_DISABLED_EXPIRATION: { status: 400, message: "Custom key expiration values are disabled." },
  INVALID_API_KEY: { status: 401, message: "Invalid API key." },
  INVALID_REFERENCE_ID_FROM_API_KEY: { status: 401, message: "The reference id from the API key is invalid." },
  SERVER_ONLY_PROPERTY: { status: 400, message: "The property you're trying to set can only be set from the server auth instance only." },
  NAME_REQUIRED: { status: 400, message: "API Key name is required." },
  USER_NOT_MEMBER_OF_ORGANIZATION: { status: 403, message: "You are not a member of the organization that owns this API key." },
  INSUFFICIENT_API_KEY_PERMISSIONS: { status: 403, message: "You do not have permission to perform this action on organization API keys." },
  // Gatehouse's own: what an API key may not stand for (account changes, keys, admin actions).
  API_KEY_NOT_ALLOWED: { status: 403, message: "An API key cannot be used for this action" },
  INVALID_API_KEY_PERMISSIONS: { status: 400, message: "The permissions name a resource or action the access-control matrix does not know" },
  // Operators: better-auth 1.x's admin plugin codes and wording (BANNED_USER: its default banned-user message).
  BANNED_USER: { status: 403, message: "You have been banned from this application. Please contact support if you believe this is an error." },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 400, message: "User already exists. Use another email." },
  YOU_CANNOT_BAN_YOURSELF: { status: 400, message: "You cannot ban yourself" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: { status: 403, message: "You are not allowed to change users role" },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: { status: 403, message: "You are not allowed to create users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: "You are not allowed to list users" },
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: { status: 403, message: "You are not allowed to list users sessions" },
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: { status: 403, message: "You are not allowed to ban users" },
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: { status: 403, message: "You are not allowed to impersonate users" },
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: { status: 403, message: "You are not allowed to revoke users sessions" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: { status: 403, message: "You are not allowed to delete users" },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: { status: 403, message: "You are not allowed to set users password" },
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: { status: 403, message: "You are not allowed to get user" },
  NO_DATA_TO_UPDATE: { status: 400, message: "No data to update" },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: { status: 403, message: "You are not allowed to update users" },
  YOU_CANNOT_REMOVE_YOURSELF: { status: 400, message: "You cannot remove yourself" },
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: { status: 400, message: "You are not allowed to set a non-existent role value" },
  YOU_CANNOT_IMPERSONATE_ADMINS: { status: 403, message: "You cannot impersonate admins" },
  INVALID_ROLE_TYPE: { status: 400, message: "Invalid role type" },
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL: { status: 403, message: "You are not allowed to update users email" },
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: {
    status: 400,
    message: "Password cannot be updated through update-user. Use the set-user-password endpoint instead",
  },
  USER_ID_CANNOT_BE_UPDATED: { status: 400, message: "User id cannot be updated" },
  // Gatehouse's own rules around the plugin's: an admin never demotes themselves, someone is always an admin.
  YOU_CANNOT_CHANGE_YOUR_OWN_ROLE: { status: 400, message: "You cannot change your own role" },
  YOU_CANNOT_DEMOTE_THE_LAST_ADMIN: { status: 400, message: "The last admin cannot be demoted" },
  YOU_ARE_NOT_IMPERSONATING_ANYONE: { status: 400, message: "You are not impersonating anyone" },
  ADMIN_SESSION_NOT_FOUND: { status: 400, message: "Failed to find admin session" },
  NOT_ALLOWED_WHILE_IMPERSONATING: { status: 403, message: "This action is not available while acting as another person" },
  // The admin plugin's has-permission words this without a code: the code better-auth 1.x derives from it.
  USER_ID_OR_ROLE_IS_REQUIRED: { status: 400, message: "user id or role is required" },
  // Two-factor: better-auth 1.7's twoFactor plugin codes and wording.
  OTP_NOT_ENABLED: { status: 400, message: "OTP not enabled" },
  OTP_NOT_CONFIGURED: { status: 400, message: "OTP is not available" },
  OTP_HAS_EXPIRED: { status: 400, message: "OTP has expired" },
  TOTP_NOT_ENABLED: { status: 400, message: "TOTP not enabled" },
  TOTP_ALREADY_ENABLED: { status: 400, message: "TOTP is already enabled" },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two factor isn't enabled" },
  BACKUP_CODES_NOT_ENABLED: { status: 400, message: "Backup codes aren't enabled" },
  INVALID_BACKUP_CODE: { status: 401, message: "Invalid backup code" },
  INVALID_CODE: { status: 401, message: "Invalid code" },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { status: 400, message: "Too many attempts. Please request a new code." },
  ACCOUNT_TEMPORARILY_LOCKED: {
    status: 429,
    message: "Too many failed verification attempts. Your account is temporarily locked. Please try again later.",
  },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, message: "Invalid two factor cookie" },
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_THE_TWO_FACTOR_RULE: { status: 403, message: "Only an owner can require two-factor authentication for the organization" },
  // An organization's two-factor rule, enforced by the server on the organization's endpoints and procedures.
  TWO_FACTOR_REQUIRED_BY_ORGANIZATION: {
    status: 403,
    message: "This organization requires two-factor authentication: turn it on in your account settings to continue",
  },
  // Email OTP: better-auth 1.7's emailOTP plugin codes and wording.
  OTP_EXPIRED: { status: 400, message: "OTP expired" },
  INVALID_OTP: { status: 400, message: "Invalid OTP" },
  TOO_MANY_ATTEMPTS: { status: 403, message: "Too many attempts" },
  INVALID_OTP_TYPE: { status: 400, message: "Invalid OTP type" },
  CHANGE_EMAIL_WITH_OTP_IS_DISABLED: { status: 400, message: "Change email with OTP is disabled" },
  // An organization always keeps an owner: the admin's remove-user refuses its only owner.
  USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION: {
    status: 400,
    message: "The user is the only owner of an organization: give it another owner or delete it first",
  },
  // Enterprise sign-in (sso/) and provisioning (scim/): @better-auth/sso 1.7's codes and Gatehouse's own.
  SSO_ACCESS_DENIED: { status: 403, message: "Only an owner or admin of the organization can manage its single sign-on and provisioning" },
  SSO_PROVIDER_ALREADY_EXISTS: { status: 422, message: "SSO provider with this providerId already exists" },
  INVALID_SSO_PROVIDER_CONFIG: { status: 400, message: "Provide either oidcConfig or samlConfig" },
  SSO_PROVIDER_URL_NOT_ALLOWED: { status: 400, message: "The identity provider must be on a public host or a trusted origin" },
  SSO_DISCOVERY_FAILED: { status: 400, message: "The identity provider's discovery document could not be read" },
  INVALID_SSO_DOMAIN: { status: 400, message: "Invalid domain" },
  PUBLIC_EMAIL_DOMAIN_NOT_ALLOWED: { status: 400, message: "A public email domain cannot belong to an organization" },
  DOMAIN_VERIFICATION_FAILED: { status: 502, message: "Unable to verify domain ownership. Try again later" },
  DOMAIN_ALREADY_VERIFIED: { status: 409, message: "Domain has already been verified" },
  SSO_DOMAIN_NOT_VERIFIED: { status: 403, message: "The identity provider's domain is not verified" },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error endpoints throw. The router turns it into `{ code, message }` with its status. */
export class APIError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  /** Extra fields of the wire body (e.g. RATE_LIMITED's `details.tryAgainIn`). */
  readonly details: Record<string, unknown> | undefined;

  /** Prefer `APIError.from`: it takes the wording from the catalogue. */
  constructor(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}, details?: Record<string, unknown>) {
    super(message);
    this.name = "APIError";
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.details = details;
  }

  /**
   * An error of the catalogue: `APIError.from(401, "INVALID_EMAIL_OR_PASSWORD")`. `params` fill the
   * wording's `{name}` marks; `wording` picks one of the entry's other wordings (`also`).
   */
  static from(
    status: number,
    code: ErrorCode,
    options: { params?: Record<string, string>; wording?: string; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ): APIError {
    const entry: ErrorEntry = ERROR_CODES[code];
    let message = options.wording ?? entry.message;
    if (options.params) for (const [name, value] of Object.entries(options.params)) message = message.replaceAll(`{${name}}`, value);
    return new APIError(status, code, message, options.headers, options.details);
  }

  /**
   * An integrator's own refusal, thrown from a hook (`beforeDelete`) with a code of their own
   * choosing. auth-core itself never uses it: every code it sends is in ERROR_CODES.
   */
  static custom(status: number, code: string, message: string): APIError {
    return new APIError(status, code as ErrorCode, message);
  }

  toJSON(): { code: string; message: string; details?: Record<string, unknown> } {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

/** 400 VALIDATION_ERROR naming the first field at fault: "[body.email] Invalid email"; `where` is the path to the checked value. */
export function validationError(where: string, error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): APIError {
  const issue = error.issues[0];
  if (!issue) return APIError.from(400, "VALIDATION_ERROR", { wording: "Invalid request" });
  const field = issue.path.length ? `${where}.${issue.path.map(String).join(".")}` : where;
  return APIError.from(400, "VALIDATION_ERROR", { params: { field, issue: issue.message } });
}
