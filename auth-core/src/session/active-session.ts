import type { SessionRow, UserRow } from "../store/database.js";

/** A validated session: the row, its user, and the raw token the caller presented. */
export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
  token: string;
}
