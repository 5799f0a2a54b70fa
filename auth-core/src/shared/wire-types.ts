/** JSON shapes on the /api/auth wire (better-auth 1.x). Dates travel as ISO strings. */

export interface WireUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
  /** better-auth's admin plugin fields: "user" unless an operator holds "admin". */
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
  /** better-auth's twoFactor plugin field: a second step is asked at password sign-in. */
  twoFactorEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WireSession {
  id: string;
  /** On get-session, the caller's own token; on list-sessions, a revocation handle (the id). */
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
  /** The admin acting through this session (impersonation), else null. */
  impersonatedBy: string | null;
}

export interface WireSessionResult {
  session: WireSession;
  user: WireUser;
}

/** A passkey as listed to its owner (better-auth 1.x shape); the public key is never sent. */
export interface WirePasskey {
  id: string;
  name: string | null;
  userId: string;
  /** base64url credential id, as in allowCredentials. */
  credentialID: string;
  counter: number;
  /** "singleDevice" or "multiDevice". */
  deviceType: string;
  backedUp: boolean;
  /** Comma-separated transports, e.g. "internal,hybrid". */
  transports: string | null;
  aaguid: string | null;
  createdAt: string;
}

export interface WireError {
  code: string;
  message: string;
}

/** Organization plugin shapes (better-auth 1.x). `metadata` is the parsed JSON object. */
export interface WireOrganization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  /** Gatehouse: members who sign in by password must have two-factor on (set by an owner). */
  requireTwoFactor: boolean;
  createdAt: string;
}

export interface WireMemberUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export interface WireMember {
  id: string;
  organizationId: string;
  userId: string;
  /** One role or several, comma-separated ("admin,member"). */
  role: string;
  createdAt: string;
}

export interface WireMemberWithUser extends WireMember {
  user: WireMemberUser;
}

export interface WireInvitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  /** pending, accepted, rejected or canceled. */
  status: string;
  teamId: string | null;
  inviterId: string;
  expiresAt: string;
  createdAt: string;
}

export interface WireInvitationDetail extends WireInvitation {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
}

export interface WireUserInvitation extends WireInvitation {
  organizationName: string;
  organizationSlug: string;
}

export interface WireTeam {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string | null;
}

export interface WireTeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
}

/** get-full-organization: the organization with its members, invitations and teams. */
export interface WireFullOrganization extends WireOrganization {
  members: WireMemberWithUser[];
  invitations: WireInvitation[];
  teams: WireTeam[];
}

/**
 * An API key as better-auth 1.7's api-key plugin answers it. `key` (the full key) is
 * only in the create answer; `referenceId` is the owning person's or organization's id.
 */
export interface WireApiKey {
  id: string;
  configId: string;
  name: string | null;
  start: string | null;
  prefix: string | null;
  referenceId: string;
  /** Gatehouse's addition: whose the key is, "user" or "organization". */
  referenceType: "user" | "organization";
  enabled: boolean;
  expiresAt: string | null;
  permissions: Record<string, string[]> | null;
  metadata: Record<string, unknown> | null;
  rateLimitEnabled: boolean;
  rateLimitTimeWindow: number | null;
  rateLimitMax: number | null;
  requestCount: number;
  lastRequest: string | null;
  remaining: number | null;
  refillAmount: number | null;
  refillInterval: number | null;
  lastRefillAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WireCreatedApiKey extends WireApiKey {
  key: string;
}

export interface WireApiKeyList {
  apiKeys: WireApiKey[];
  total: number;
  limit?: number;
  offset?: number;
}

/** POST /api-key/verify: `error` is null when valid; `key` is null when not. */
export interface WireApiKeyVerification {
  valid: boolean;
  error: { code: string; message: string; details?: Record<string, unknown> } | null;
  key: WireApiKey | null;
}
