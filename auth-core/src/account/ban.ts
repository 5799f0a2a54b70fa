import { APIError } from "../errors.js";
import type { UserRow } from "../store/database.js";

type BanFields = Pick<UserRow, "banned" | "banExpires">;

/** Whether a ban holds at `now`: set, and its end (if it has one) not yet reached. */
export function isBanActive(user: BanFields, now: Date): boolean {
  if (user.banned !== 1) return false;
  return user.banExpires === null || Date.parse(user.banExpires) > now.getTime();
}

/** A ban that was set and has run out: the stored fields may be cleared. */
export function hasBanLapsed(user: BanFields, now: Date): boolean {
  return user.banned === 1 && !isBanActive(user, now);
}

/**
 * The one ban check every way in calls (password, social, passkey, anonymous hand-over,
 * bearer and cookie sessions through the session gate, API keys): 403 BANNED_USER while a ban
 * holds, better-auth's admin plugin answer.
 */
export function assertNotBanned(user: BanFields, now: Date): void {
  if (isBanActive(user, now)) throw APIError.from(403, "BANNED_USER");
}
