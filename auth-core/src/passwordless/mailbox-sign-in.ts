import { generateId } from "../deps/random.js";
import { proveAddressThroughMailbox } from "../sign-in/first-proof.js";
import type { Audit } from "../audit/audit-log.js";
import { completeSignIn, type SignInCall, type SignInOutcome } from "../sign-in/complete-sign-in.js";
import type { UserRow } from "../store/database.js";
import { isUniqueViolation } from "../store/unique-violation.js";
import { findUserByEmail, insertUser } from "../store/user-store.js";

/** The two ways in through the mailbox. */
export type MailboxWay = "magic-link" | "email-otp";

/** The audit rows a sign-in through the mailbox may write. */
export type MailboxSignInEvent = "sign-in" | "sign-up" | "anonymous-linked" | "email-verified" | "unproven-additions-removed";

export interface MailboxSignInCall extends Omit<SignInCall, "audit"> {
  audit: Audit<MailboxSignInEvent>;
}

/**
 * Makes the account of an address nobody registered yet (better-auth's default, `disableSignUp`
 * off): verified, since the link or code proved the mailbox, named as the request asked. When two
 * sign-ins race, the unique index lets one through and the other takes its row.
 */
async function createMailboxAccount(call: MailboxSignInCall, email: string, name: string, way: MailboxWay): Promise<UserRow | null> {
  const { ctx, audit } = call;
  const now = ctx.clock.now().toISOString();
  try {
    return await audit.change(async (trx, log) => {
      const created = await insertUser(trx, { id: generateId(ctx.random), name, email, emailVerified: 1, image: null, createdAt: now, updatedAt: now });
      await log.write({ userId: created.id, type: "sign-up", method: way });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * A sign-in whose first factor is the mailbox (a magic link opened, a mailed code used), after its
 * token or code was taken. An unknown address gets its account; an address not yet proven is proven
 * now (sign-in/first-proof.ts: what was added before goes, the password too). Then the one end of
 * every sign-in, completeSignIn: a ban refuses it, two-factor asks its second step (which takes no
 * mailed code: the mailbox was this sign-in's first factor), else the session starts.
 */
export async function signInThroughMailbox(
  call: MailboxSignInCall,
  input: { email: string; name: string; way: MailboxWay },
): Promise<{ outcome: SignInOutcome; isNewUser: boolean }> {
  const { ctx } = call;
  let user = await findUserByEmail(ctx.db, input.email);
  let isNewUser = false;
  if (!user) {
    const created = await createMailboxAccount(call, input.email, input.name, input.way);
    if (created) {
      user = created;
      isNewUser = true;
    } else {
      user = await findUserByEmail(ctx.db, input.email);
      if (!user) throw new Error("the account made by a concurrent sign-in is gone");
    }
  }
  if (!isNewUser) user = await proveAddressThroughMailbox(ctx, { user, method: input.way, audit: call.audit, headers: call.headers });
  const outcome = await completeSignIn(call, { user, rememberMe: true, way: { method: input.way } });
  return { outcome, isNewUser };
}
