import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import { sendAccountNotice } from "../email/account-notices.js";
import type { RemovedAdditions } from "../email/messages.js";
import { deleteAccountsOfUserExcept, findAccountByProvider, findCredentialAccount } from "../store/account-store.js";
import type { DB, UserRow } from "../store/database.js";
import { cancelPendingInvitationsSentBy } from "../store/invitation-store.js";
import { listOrganizationsOfUser } from "../store/organization-store.js";
import { deletePasskeysOfUser } from "../store/passkey-store.js";
import { deleteSessionsByUserId } from "../store/session-store.js";
import { deleteTwoFactor, findTwoFactor } from "../store/two-factor-store.js";
import { deleteApiKeysStandingFor, findUserById, updateUser } from "../store/user-store.js";
import { deleteVerificationsOfValue, findVerification, insertVerification } from "../store/verification-store.js";
import { forgetTrustedDevices } from "../two-factor/trusted-device.js";
import type { Audit, AuditedChange } from "../audit/audit-log.js";

/*
 * The first proof of an address (issue 44, finding 2). Anyone may register an address they do not
 * own: it stays unverified, and the registrant may add passkeys, API keys, two-factor and linked
 * accounts. When the address's owner first proves it (a completed password reset, or a provider
 * sign-in that vouches for this very address), everything added before is removed in the proof's
 * transaction, before the address is marked verified: passkeys, the API keys that stand for the
 * person, two-factor, linked provider accounts other than the proof, every session, pending
 * invitations sent from the account, and for a provider proof the password. The owner is mailed
 * what went. Organizations and memberships stay (an invitation to the owner's address was the
 * owner's); the notice names them.
 *
 * Whether the account's address is proven:
 * - verified (emailVerified = 1): proven, unless the MAILBOX marker says it was verified by a link
 *   opened outside the person's own session (verify-email): that proves the mailbox, not that its
 *   holder chose the password, so the next reset or provider proof still removes what is there.
 *   Two-factor turned on after that verification stays (its holder had proven the address first).
 * - unverified: never proven, unless the PROVEN marker says the account had a proven address before
 *   a confirmed address change (a mistyped new address must not let a reset strip two-factor).
 */
const MAILBOX = "first-proof-mailbox";
const PROVEN = "first-proof-proven";

/** Markers live until the proof (or the account) removes them. */
const NEVER = new Date("9999-12-31T00:00:00.000Z");

/** Whether the account's address is proven; if not, when its mailbox alone was (null: never). */
type ProofState = { proven: true } | { proven: false; mailboxProvenAt: Date | null };

async function proofState(trx: DB, user: UserRow, now: Date): Promise<ProofState> {
  const mailbox = await findVerification(trx, MAILBOX, user.id, now);
  if (mailbox) return { proven: false, mailboxProvenAt: new Date(mailbox.createdAt) };
  if (user.emailVerified === 1 || (await findVerification(trx, PROVEN, user.id, now))) return { proven: true };
  return { proven: false, mailboxProvenAt: null };
}

async function putMarker(ctx: AuthContext, trx: DB, flow: typeof MAILBOX | typeof PROVEN, userId: string, now: Date): Promise<void> {
  if (await findVerification(trx, flow, userId, now)) return;
  await insertVerification(trx, { id: generateId(ctx.random), flow, key: userId, value: userId, expiresAt: NEVER, now });
}

/**
 * verify-email opened by a browser without the person's own session, inside its transaction, with
 * `user` as it was before: the mailbox is proven, not who holds the account's credentials, so an
 * address that was never proven stays unproven for the next reset or provider proof.
 */
export async function noteMailboxOnlyProof(ctx: AuthContext, trx: DB, user: UserRow): Promise<void> {
  const now = ctx.clock.now();
  if ((await proofState(trx, user, now)).proven) return;
  await putMarker(ctx, trx, MAILBOX, user.id, now);
}

/** A confirmed address change of a verified account, in its transaction: the account had a proven address. */
export async function noteProvenBeforeAddressChange(ctx: AuthContext, trx: DB, userId: string): Promise<void> {
  await putMarker(ctx, trx, PROVEN, userId, ctx.clock.now());
}

/**
 * The proof itself: a completed password reset, a provider account (its row is kept), or a sign-in
 * through the mailbox (a magic link, a mailed code: like a provider's, the password set before goes).
 */
export type FirstProof =
  | { by: "password-reset" }
  | { by: "provider"; providerId: string; accountRowId: string }
  | { by: "mailbox"; method: "magic-link" | "email-otp" };

/**
 * In the proof's transaction, before the address is marked verified: removes what was added to an
 * account whose address was never proven, with an audit row per kind removed. Answers what went,
 * or null when the address was already proven (nothing is removed).
 */
export async function evictBeforeFirstProof(
  ctx: AuthContext,
  trx: DB,
  log: AuditedChange<"unproven-additions-removed">,
  user: UserRow,
  proof: FirstProof,
): Promise<RemovedAdditions | null> {
  const now = ctx.clock.now();
  const state = await proofState(trx, user, now);
  if (state.proven) return null;

  const passkeys = await deletePasskeysOfUser(trx, user.id);
  const apiKeys = await deleteApiKeysStandingFor(trx, user.id);
  // Two-factor turned on before the address was proven goes; after a mailbox-only proof, the
  // mailbox's holder may have turned it on, and a reset must not strip it (ASVS 6.4.3).
  const secondFactor = await findTwoFactor(trx, user.id);
  const removeSecondFactor = state.mailboxProvenAt === null || (secondFactor !== undefined && new Date(secondFactor.createdAt) <= state.mailboxProvenAt);
  let twoFactor = false;
  if (removeSecondFactor && (secondFactor || user.twoFactorEnabled === 1)) {
    twoFactor = user.twoFactorEnabled === 1 || secondFactor?.verified === 1;
    await deleteTwoFactor(trx, user.id);
    await updateUser(trx, user.id, { twoFactorEnabled: 0, updatedAt: now.toISOString() });
  }
  await forgetTrustedDevices(trx, user.id);
  const keep = proof.by === "provider" ? proof.accountRowId : proof.by === "password-reset" ? ((await findCredentialAccount(trx, user.id))?.id ?? null) : null;
  const accounts = await deleteAccountsOfUserExcept(trx, user.id, keep);
  const password = accounts.includes("credential");
  const providers = accounts.filter((providerId) => providerId !== "credential");
  const sessions = await deleteSessionsByUserId(trx, user.id);
  const invitations = await cancelPendingInvitationsSentBy(trx, user.id);
  await deleteVerificationsOfValue(trx, MAILBOX, user.id);
  await deleteVerificationsOfValue(trx, PROVEN, user.id);

  const method = proofMethod(proof);
  const counts: Array<[string, number]> = [
    ["passkeys", passkeys],
    ["api-keys", apiKeys],
    ["two-factor", twoFactor ? 1 : 0],
    ["linked-accounts", providers.length],
    ["password", password ? 1 : 0],
    ["sessions", sessions],
    ["invitations", invitations],
  ];
  for (const [removed, count] of counts) {
    if (count > 0) await log.write({ userId: user.id, type: "unproven-additions-removed", method, detail: { removed, count } });
  }
  const organizations = (await listOrganizationsOfUser(trx, user.id)).map((organization) => organization.name);
  return { passkeys, apiKeys, twoFactor, providers, password, sessions, invitations, organizations };
}

/** The audit rows' method, and the notice's name of the proof. */
function proofMethod(proof: FirstProof): string {
  return proof.by === "provider" ? proof.providerId : proof.by === "mailbox" ? proof.method : "email-link";
}

/** Whether anything went (sessions alone count: the owner learns that browsers were signed out). */
function removedAnything(removed: RemovedAdditions): boolean {
  return removed.passkeys + removed.apiKeys + removed.providers.length + removed.sessions + removed.invitations > 0 || removed.twoFactor || removed.password;
}

/** The owner's notice (after the answer, no token), when the proof removed anything. */
export function sendRemovalNotice(ctx: AuthContext, user: UserRow, proof: FirstProof, removed: RemovedAdditions | null, headers?: Headers): void {
  if (!removed || !removedAnything(removed)) return;
  // No name in the greeting: whoever registered the address chose it.
  sendAccountNotice(
    ctx,
    { id: user.id, name: "" },
    user.email,
    {
      kind: "unproven-additions-removed",
      proof: proof.by === "password-reset" ? "password-reset" : proofMethod(proof),
      removed,
    },
    headers,
  );
}

/**
 * A provider sign-in that vouches for this very address (the implicit link, or a linked account's
 * sign-in): the provider account is the proof. One transaction removes what an unproven account
 * held besides it (the password too) and marks the address verified, with their rows; the owner
 * is told after the answer. Answers the user as it now stands.
 */
export async function proveAddressThroughProvider(
  ctx: AuthContext,
  input: {
    user: UserRow;
    profile: { id: string; email: string; emailVerified: boolean };
    providerId: string;
    audit: Audit<"email-verified" | "unproven-additions-removed">;
    /** The sign-in's request: the notice takes its language. */
    headers: Headers;
  },
): Promise<UserRow> {
  const { user, profile, providerId } = input;
  if (!profile.emailVerified || profile.email !== user.email) return user;
  // A returning person's sign-in (the address proven long ago) costs one indexed read, no transaction.
  if (user.emailVerified === 1 && (await proofState(ctx.db, user, ctx.clock.now())).proven) return user;
  const outcome = await input.audit.change(async (trx, log) => {
    const account = await findAccountByProvider(trx, providerId, profile.id);
    if (!account || account.userId !== user.id) {
      log.unchanged();
      return null;
    }
    const proof: FirstProof = { by: "provider", providerId, accountRowId: account.id };
    const removed = await evictBeforeFirstProof(ctx, trx, log, user, proof);
    if (user.emailVerified === 1 && !removed) {
      log.unchanged(); // proven before: nothing to do
      return null;
    }
    const updated = (await updateUser(trx, user.id, { emailVerified: 1, updatedAt: ctx.clock.now().toISOString() })) ?? user;
    await log.write({ userId: user.id, type: "email-verified", method: providerId });
    return { updated, removed, proof };
  });
  if (!outcome) return user;
  sendRemovalNotice(ctx, outcome.updated, outcome.proof, outcome.removed, input.headers);
  return outcome.updated;
}

/**
 * A sign-in through the mailbox (a magic link opened, a mailed sign-in code used) of an account
 * whose address was not proven: one transaction removes what was added before (the password too),
 * marks the address verified, with their rows; the owner is told after the answer. better-auth does
 * the same for these two ways in (revokeUnprovenAccountAccess). Answers the user as it now stands.
 */
export async function proveAddressThroughMailbox(
  ctx: AuthContext,
  input: { user: UserRow; method: "magic-link" | "email-otp"; audit: Audit<"email-verified" | "unproven-additions-removed">; headers: Headers },
): Promise<UserRow> {
  const { user } = input;
  if (user.emailVerified === 1 && (await proofState(ctx.db, user, ctx.clock.now())).proven) return user;
  const proof: FirstProof = { by: "mailbox", method: input.method };
  const outcome = await input.audit.change(async (trx, log) => {
    const current = (await findUserById(trx, user.id)) ?? user;
    const removed = await evictBeforeFirstProof(ctx, trx, log, current, proof);
    if (current.emailVerified === 1 && !removed) {
      log.unchanged();
      return null;
    }
    const updated = (await updateUser(trx, user.id, { emailVerified: 1, updatedAt: ctx.clock.now().toISOString() })) ?? current;
    await log.write({ userId: user.id, type: "email-verified", method: input.method });
    return { updated, removed };
  });
  if (!outcome) return user;
  sendRemovalNotice(ctx, outcome.updated, proof, outcome.removed, input.headers);
  return outcome.updated;
}
