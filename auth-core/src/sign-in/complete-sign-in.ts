import type { AuthContext } from "../context.js";
import type { ClientInfo, ResponseDraft } from "../endpoint.js";
import { admitToSession } from "../account/admission.js";
import { handOverAnonymousUser } from "./anonymous.js";
import type { Audit } from "../audit/audit-log.js";
import type { ActiveSession } from "../session/session.js";
import { startSession } from "../session/start-session.js";
import type { UserRow } from "../store/database.js";
import { mayNeedSecondStep, secondStepFor, type TwoFactorRedirect } from "../two-factor/sign-in-step.js";

/**
 * The one place every sign-in ends (password, provider callback or ID token, passkey, an email
 * link's automatic sign-in, sign-up, invitation sign-up, anonymous sign-in, and a passed second
 * step): a ban is refused first, then the second step is decided, then the session starts.
 * Above session/ (a session's lifetime and cookie) and two-factor/ (the step itself): the policy
 * of who gets a session lives here.
 */

/** How the person proved who they are. */
export interface WayIn {
  /** The method of the sign-in's audit row: "password", a provider id, "passkey", "email-link", "anonymous". */
  method: string;
  /** The way in is itself two factors (a passkey with user verification, a passed second step): no second step follows. */
  twoFactors?: boolean;
  /** The sign-in row's detail (a passkey's id, the second factor that passed). */
  detail?: Record<string, string | number | boolean | null>;
  /** A provider that vouches for this very address: ADMIN_EMAILS may apply (account/admission.ts). */
  provesMailbox?: boolean;
}

/** The parts of the endpoint call a sign-up's session answers through. */
export interface SignUpCall {
  ctx: AuthContext;
  response: ResponseDraft;
  /** The request's headers: a trust cookie, a pending step, an anonymous session to hand over (spec §7). */
  headers: Headers;
  client: ClientInfo;
  audit: Audit<"anonymous-linked">;
}

/** The parts of the endpoint call a sign-in answers through: its audit also writes the sign-in row. */
export interface SignInCall extends SignUpCall {
  audit: Audit<"sign-in" | "anonymous-linked">;
}

export type SignInOutcome =
  | { kind: "session"; user: UserRow; token: string; session: ActiveSession["session"] }
  | { kind: "second-step"; user: UserRow; answer: TwoFactorRedirect };

/**
 * Ends a sign-in of `user` (the row the caller already holds; nothing is read again):
 * 1. a ban refuses it (403 BANNED_USER and a failed sign-in row), before any step or mail;
 * 2. with two-factor on for the person, a way in that is not itself two factors and a browser
 *    they do not trust, the pending second step begins (its cookie on the answer, no session);
 * 3. otherwise the session starts: an anonymous session in the browser is handed over to the
 *    person, the session cookie is set and the sign-in row written.
 */
export async function completeSignIn(call: SignInCall, input: { user: UserRow; rememberMe: boolean; way: WayIn }): Promise<SignInOutcome> {
  return complete(call, input, call.audit);
}

/**
 * The session of a new account (sign-up, invitation sign-up): the same completion, with no
 * sign-in row (the sign-up wrote its own) and no second step (nobody turned it on yet).
 */
export async function completeSignUp(call: SignUpCall, input: { user: UserRow; rememberMe: boolean; method: string }): Promise<SignInOutcome> {
  return complete(call, { user: input.user, rememberMe: input.rememberMe, way: { method: input.method } }, null);
}

async function complete(
  call: SignUpCall,
  input: { user: UserRow; rememberMe: boolean; way: WayIn },
  signInRow: Audit<"sign-in"> | null,
): Promise<SignInOutcome> {
  const { ctx, response, headers, client, audit } = call;
  const { way, rememberMe } = input;
  const stepPossible = !way.twoFactors && mayNeedSecondStep(ctx, input.user);
  // ADMIN_EMAILS is granted only with a session and only on a way in that proves the mailbox: a sign-in
  // that goes through the second step is not granted (a provider-only person with two-factor on, who
  // turned it on without a password, is granted by an operator instead: docs/two-factor.md).
  const user = await admitToSession(ctx, input.user, client, { provesMailbox: !stepPossible && way.provesMailbox === true });
  if (stepPossible) {
    const answer = await secondStepFor(ctx, { user, rememberMe, signInMethod: way.method, headers, response });
    if (answer) return { kind: "second-step", user, answer };
  }
  // Before the session starts: starting it ends the session the browser presented.
  await handOverAnonymousUser(ctx, headers, user.id, audit);
  const { token, session } = await startSession(ctx, response, { userId: user.id, rememberMe, client, headers });
  await signInRow?.record({ userId: user.id, type: "sign-in", method: way.method, detail: way.detail });
  return { kind: "session", user, token, session };
}
