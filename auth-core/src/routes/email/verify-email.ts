import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint, type ClientInfo } from "../../endpoint.js";
import { APIError, type ErrorCode } from "../../errors.js";
import { constantTimeEqual } from "../../crypto/constant-time.js";
import { verifyEmailVerificationToken } from "../../crypto/email-token.js";
import { normalizeEmail } from "../../email/email-address.js";
import { sendAccountNotice } from "../../email/account-notices.js";
import { consumeEmailToken, discardUserEmailTokens, findEmailToken } from "../../email/email-tokens.js";
import { redirectResponse, withQueryParams } from "../../email/links.js";
import { sendVerificationMail } from "../../email/verification-mail.js";
import { toWireUser } from "../../http/public-json.js";
import type { Audit } from "../../audit/audit-log.js";
import type { ActiveSession } from "../../session/session.js";
import { completeSignIn } from "../../sign-in/complete-sign-in.js";
import { secondStepLocation } from "../../two-factor/sign-in-step.js";
import { grantListedAdminInChange, isOwnSession } from "../../account/admission.js";
import { noteMailboxOnlyProof, noteProvenBeforeAddressChange } from "../../sign-in/first-proof.js";
import type { UserRow } from "../../store/database.js";
import { deleteSessionsByUserId } from "../../store/session-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import { findUserByEmail, updateUser } from "../../store/user-store.js";
import type { WireUser } from "../../shared/wire-types.js";

const query = z.object({
  token: z.string().max(4096),
  callbackURL: z.string().optional(),
});

type VerifyResult = { status: boolean; user: WireUser } | Response;

/** Spec §8: verify-email errors go to the callback as `error`, or are a 401 without one. */
/** The 401 of each verify-email error: its code, with the spec's snake-case word as the message. */
const VERIFY_ERROR_CODES = {
  token_expired: "TOKEN_EXPIRED",
  invalid_token: "INVALID_TOKEN",
  user_not_found: "USER_NOT_FOUND",
  unauthorized: "UNAUTHORIZED",
} as const satisfies Record<string, ErrorCode>;

function redirectWithError(ctx: AuthContext, callbackURL: string, error: string): Response {
  return redirectResponse(withQueryParams(callbackURL, { error }, ctx.options.baseURL));
}

function fail(ctx: AuthContext, callbackURL: string | undefined, error: keyof typeof VERIFY_ERROR_CODES): Response {
  if (callbackURL) return redirectWithError(ctx, callbackURL, error);
  throw APIError.from(401, VERIFY_ERROR_CODES[error], { wording: error });
}

/** The new address was taken meanwhile (spec §5 wording); as a query value, in snake case like the others. */
function failTaken(ctx: AuthContext, callbackURL: string | undefined): Response {
  if (callbackURL) return redirectResponse(withQueryParams(callbackURL, { error: "couldnt_update_your_email" }, ctx.options.baseURL));
  throw APIError.from(400, "COULDN_T_UPDATE_YOUR_EMAIL");
}

function done(ctx: AuthContext, callbackURL: string | undefined, user: UserRow): VerifyResult {
  return callbackURL ? redirectResponse(callbackURL) : { status: true, user: toWireUser(user) };
}

interface ConfirmChangeInput {
  user: UserRow;
  jti: string;
  updateTo: string;
  session: ActiveSession | null;
  callbackURL: string | undefined;
  client: ClientInfo;
  audit: Audit<"email-changed">;
  /** The confirming request: its language is the mails'. */
  headers: Headers;
}

/**
 * Spec §4: a change-email token (with updateTo) switches the address, resets emailVerified and
 * mails a verification link to the new address. The new mail goes out before the switch, so a
 * refused mail leaves the email and the confirmation token as they were.
 */
async function confirmEmailChange(ctx: AuthContext, input: ConfirmChangeInput): Promise<VerifyResult> {
  const { user, callbackURL } = input;
  if (!input.session || input.session.user.id !== user.id) return fail(ctx, callbackURL, "unauthorized");
  const newEmail = normalizeEmail(input.updateTo);
  if (await findUserByEmail(ctx.db, newEmail)) return failTaken(ctx, callbackURL);
  try {
    await sendVerificationMail(ctx, { user, email: newEmail, callbackURL, client: input.client, headers: input.headers });
  } catch (error) {
    if (callbackURL && error instanceof APIError) return redirectWithError(ctx, callbackURL, error.code.toLowerCase());
    throw error;
  }
  const now = ctx.clock.now();
  let updated: UserRow | null;
  try {
    updated = await input.audit.change(async (trx, log) => {
      const used = await consumeEmailToken(trx, { kind: "email-verification", token: input.jti, now, userId: user.id });
      const row = used ? await updateUser(trx, user.id, { email: newEmail, emailVerified: 0, updatedAt: now.toISOString() }) : undefined;
      if (!row) {
        log.unchanged(); // a token used meanwhile, or no such user: nothing changes
        return null;
      }
      // Reset links mailed to the address the account leaves stop working with it.
      await discardUserEmailTokens(trx, "reset-password", user.id);
      // The account had a proven address: the new one's reset does not count as its first proof.
      await noteProvenBeforeAddressChange(ctx, trx, user.id);
      await deleteSessionsByUserId(trx, user.id, input.session?.session.id);
      await log.write({
        userId: user.id,
        type: "email-changed",
        method: "email-link",
        detail: { confirmed: true },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return failTaken(ctx, callbackURL);
    throw error;
  }
  if (!updated) return fail(ctx, callbackURL, "invalid_token");
  sendAccountNotice(ctx, user, user.email, { kind: "email-changed", newEmail }, input.headers);
  return done(ctx, callbackURL, updated);
}

export const verifyEmail = defineEndpoint({
  name: "verifyEmail",
  method: "GET",
  path: "/verify-email",
  query,
  session: "optional",
  rateLimit: "default",
  audit: ["email-verified", "email-changed", "sign-in", "anonymous-linked", "user-role-changed"],
  async handler({ ctx, query, session, headers, client, response, audit }): Promise<VerifyResult> {
    const { callbackURL } = query;
    const now = ctx.clock.now();
    const verified = await verifyEmailVerificationToken(ctx.secret, query.token, now);
    if (!verified.ok) return fail(ctx, callbackURL, verified.error);
    const { claims } = verified;
    // The signature proves we issued it; the stored record makes it single-use.
    const record = await findEmailToken(ctx, "email-verification", claims.jti);
    if (!record) return fail(ctx, callbackURL, "invalid_token");
    const user = await findUserByEmail(ctx.db, normalizeEmail(claims.email));
    if (!user) return fail(ctx, callbackURL, "user_not_found");
    if (!constantTimeEqual(record.value, user.id)) return fail(ctx, callbackURL, "invalid_token");

    if (claims.updateTo) {
      return confirmEmailChange(ctx, { user, jti: claims.jti, updateTo: claims.updateTo, session, callbackURL, client, audit, headers });
    }

    // ADMIN_EMAILS: the link proves the mailbox; a session of this same person in the browser that
    // opens it proves the mailbox's owner holds the account too (not someone who registered the
    // address first and chose its password). Without one, the address is verified and nothing more.
    const ownSession = isOwnSession(user, session) ? session : null;
    const current = await audit.change(async (trx, log) => {
      const used = await consumeEmailToken(trx, { kind: "email-verification", token: claims.jti, now, userId: user.id });
      const row = used ? ((await updateUser(trx, user.id, { emailVerified: 1, updatedAt: now.toISOString() })) ?? null) : null;
      if (!row) {
        log.unchanged(); // a token used meanwhile: nothing changes
        return null;
      }
      await log.write({ userId: user.id, type: "email-verified", method: "email-link" });
      if (!ownSession) {
        // The mailbox is proven, not who chose the password: the next reset or provider sign-in is
        // still the address's first proof (sign-in/first-proof.ts).
        await noteMailboxOnlyProof(ctx, trx, user);
        return row;
      }
      return (await grantListedAdminInChange(ctx, trx, log, row, ownSession.session.id)) ?? row;
    });
    if (!current) return fail(ctx, callbackURL, "invalid_token");

    // Only a browser that holds no session is signed in: one signed in as someone
    // else, or anonymously, keeps what it has, and no anonymous data is handed over by a link.
    if (ctx.options.email.verification.autoSignInAfterVerification && session === null) {
      const signedIn = await completeSignIn({ ctx, response, headers, client, audit }, { user: current, rememberMe: true, way: { method: "email-link" } });
      // A person with two-factor on answers the second step first (the link proves the mailbox only).
      if (signedIn.kind === "second-step" && callbackURL) return redirectResponse(secondStepLocation(ctx, callbackURL));
    }
    return done(ctx, callbackURL, current);
  },
});
