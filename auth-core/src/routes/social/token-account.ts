import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { APIError } from "../../errors.js";
import type { ActiveSession } from "../../session/session.js";
import { findAccountsByUserId } from "../../store/account-store.js";
import type { AccountRow } from "../../store/database.js";

export const tokenAccountBody = z.object({
  providerId: z.string().max(64),
  accountId: z.string().max(512).optional(),
  userId: z.string().max(128).optional(),
});

export type TokenAccountBody = z.infer<typeof tokenAccountBody>;

/**
 * Spec §6: get-access-token and refresh-token act for the session's user, or for `userId` when
 * called from server code (auth.api, no HTTP request). Over HTTP a session is required, so a
 * browser can never name another user.
 */
export function resolveTokenUserId(request: Request | null, session: ActiveSession | null, body: TokenAccountBody): string {
  if (request !== null && !session) throw APIError.from(401, "UNAUTHORIZED");
  const userId = session?.user.id ?? body.userId;
  if (!userId) throw APIError.from(400, "EITHER_USERID_OR_SESSION_IS_REQUIRED");
  return userId;
}

/** The user's account of this provider; `accountId` may be our row id or the provider's id. */
export async function findTokenAccount(ctx: AuthContext, userId: string, body: TokenAccountBody): Promise<AccountRow> {
  const accounts = await findAccountsByUserId(ctx.db, userId);
  const account = accounts.find(
    (a) => a.providerId === body.providerId && (body.accountId === undefined || a.id === body.accountId || a.accountId === body.accountId),
  );
  if (!account) throw APIError.from(400, "ACCOUNT_NOT_FOUND");
  return account;
}

export interface WireAccessToken {
  accessToken: string | undefined;
  accessTokenExpiresAt: string | undefined;
  scopes: string[];
  idToken: string | undefined;
}
