import type { SessionRow, UserRow } from "../store/database.js";

/** A validated session: the row, its user, and the raw token the caller presented. */
export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
  token: string;
  /**
   * Set when the request carried an API key instead of a session: the key, its
   * organization for an organization's key (then `user` is the person who created it), and the
   * permissions it holds. Absent for every real session.
   */
  apiKey?: ApiKeySessionInfo;
}

export interface ApiKeySessionInfo {
  id: string;
  organizationId: string | null;
  permissions: Readonly<Record<string, readonly string[]>> | null;
}
