import type { UserRow } from "../store/database.js";

/**
 * Whether an account is banned. The `banned` column arrives with the admin feature; until then no
 * row has it and nobody is banned. A banned owner's keys are no session and verify as invalid.
 */
export function isBannedUser(user: UserRow): boolean {
  const flag = (user as UserRow & { banned?: number | boolean | null }).banned;
  return flag === 1 || flag === true;
}
