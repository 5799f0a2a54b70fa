/** JSON shapes on the /api/auth wire (better-auth 1.x). Dates travel as ISO strings. */

export interface WireUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
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
