import type { AuthContext } from "../context.js";
import { constantTimeEqual } from "../crypto/constant-time.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId } from "../deps/random.js";
import type { DB, VerificationRow } from "../store/database.js";
import {
  consumeVerification,
  deleteOlderVerificationsOfValue,
  deleteVerificationsByIdentifier,
  deleteVerificationsOfValue,
  findVerification,
  insertVerification,
  type VerificationFlow,
} from "../store/verification-store.js";

/**
 * The single-use tokens the email flows mail out. Only a SHA-256 of the token is stored, inside
 * the verification identifier (spec §3: reset-password:{token}, delete-account-{token}); the value
 * is the user id. The kind is the token's flow (store/verification-store.ts), part of every lookup,
 * so a token of one kind never passes for another.
 */
// invitation-sign-up: the link that makes an account for an invited address; its value is the invitation's id, not a user's.
export type EmailTokenKind = Extract<VerificationFlow, "reset-password" | "delete-account" | "email-verification" | "invitation-sign-up">;

/**
 * Stores the hash of a freshly mailed token for `userId`, live for `expiresIn` seconds. With
 * `maxLive`, the user's older tokens of this kind beyond that many (this one included) end, the
 * oldest first: uncapped, a flood of reset requests once left 1,000 live reset links for one account.
 */
export async function storeEmailToken(
  ctx: AuthContext,
  input: { kind: EmailTokenKind; token: string; userId: string; expiresIn: number; maxLive?: number },
): Promise<void> {
  const now = ctx.clock.now();
  const id = generateId(ctx.random);
  await insertVerification(ctx.db, {
    id,
    flow: input.kind,
    key: hashToken(input.token),
    value: input.userId,
    expiresAt: new Date(now.getTime() + input.expiresIn * 1000),
    now,
  });
  if (input.maxLive !== undefined) await deleteOlderVerificationsOfValue(ctx.db, input.kind, input.userId, id, input.maxLive - 1);
}

/** Whether a stored row (found by the token's key) belongs to `userId`, when given: compared in constant time. */
function rowMatches(row: VerificationRow, userId: string | undefined): boolean {
  return userId === undefined || constantTimeEqual(row.value, userId);
}

/**
 * Looks a token up without using it (the reset link's GET). An expired record is removed on sight
 * (the periodic sweep removes the rest).
 */
export async function findEmailToken(ctx: AuthContext, kind: EmailTokenKind, token: string): Promise<VerificationRow | null> {
  const key = hashToken(token);
  const row = await findVerification(ctx.db, kind, key, ctx.clock.now());
  if (!row) {
    await deleteVerificationsByIdentifier(ctx.db, kind, key);
    return null;
  }
  return row;
}

/**
 * Uses a token: one `delete … returning`, so of two concurrent uses exactly one wins. Pass the
 * transaction that applies the token's effect, so that a failed effect leaves the token unused.
 */
export async function consumeEmailToken(db: DB, input: { kind: EmailTokenKind; token: string; now: Date; userId?: string }): Promise<VerificationRow | null> {
  const row = await consumeVerification(db, input.kind, hashToken(input.token), input.now);
  if (!row || !rowMatches(row, input.userId)) return null;
  return row;
}

/** Withdraws a token whose mail could not be sent: no live token without its mail. */
export async function discardEmailToken(ctx: AuthContext, kind: EmailTokenKind, token: string): Promise<void> {
  await deleteVerificationsByIdentifier(ctx.db, kind, hashToken(token));
}

/**
 * Withdraws every token of this kind mailed for `userId`. When the account's email changes, reset
 * links sent to the address it left must stop working: that mailbox no longer speaks for it.
 */
export async function discardUserEmailTokens(db: DB, kind: EmailTokenKind, userId: string): Promise<void> {
  await deleteVerificationsOfValue(db, kind, userId);
}
