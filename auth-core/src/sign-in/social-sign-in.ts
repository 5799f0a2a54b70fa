import { APIError } from "../errors.js";
import type { AuthContext } from "../context.js";
import type { ClientInfo, ResponseDraft } from "../endpoint.js";
import { generateId } from "../deps/random.js";
import { sendVerificationMail } from "../email/verification-mail.js";
import { sendAccountNotice } from "../email/account-notices.js";
import { normalizeEmail } from "../email/email-address.js";
import type { Audit } from "../audit/audit-log.js";
import { proveAddressThroughProvider } from "./first-proof.js";
import { completeSignIn, type SignInOutcome } from "./complete-sign-in.js";
import { findAccountByProvider, findAccountsByUserId, insertAccount, updateAccount } from "../store/account-store.js";
import type { UserRow } from "../store/database.js";
import { findUserByEmail, findUserById, insertUser } from "../store/user-store.js";
import { newAccountRow, toStoredTokens } from "../oauth/account-tokens.js";
import { isPlaceholderEmail } from "../email/placeholder-email.js";
import { decideSocialSignIn, isSignUpDisabled } from "../oauth/linking-policy.js";
import type { OAuthProvider, OAuthTokens, OAuthUserInfo } from "../oauth/types.js";
import type { TwoFactorRedirect } from "../two-factor/sign-in-step.js";

export interface SocialSignInInput {
  provider: OAuthProvider;
  profile: OAuthUserInfo & { email: string };
  tokens: OAuthTokens;
  requestSignUp: boolean;
  client: ClientInfo;
  draft: ResponseDraft;
  /** The request's headers: an anonymous session in them is handed over (spec §7 sign-in/anonymous). */
  headers: Headers;
  audit: Audit<SocialSignInEvent>;
}

/** The rows a social sign-in may write. */
export type SocialSignInEvent = "sign-in" | "sign-up" | "account-linked" | "email-verified" | "anonymous-linked" | "unproven-additions-removed";

/** Spec §8: the failure messages of social sign-in (the callback turns spaces into underscores). */
export type SocialSignInError = "account not linked" | "signup disabled" | "unable to create user" | "unable to create session" | "unable to link account";

export type SocialSignInResult =
  | { ok: true; user: UserRow; token: string; isRegister: boolean }
  | { ok: true; user: UserRow; pending: TwoFactorRedirect; isRegister: boolean }
  | { ok: false; error: SocialSignInError };

async function findOAuthUser(ctx: AuthContext, providerId: string, accountId: string, email: string): Promise<{ user: UserRow; linked: boolean } | null> {
  const account = await findAccountByProvider(ctx.db, providerId, accountId);
  if (account) {
    const owner = await findUserById(ctx.db, account.userId);
    if (owner) return { user: owner, linked: true };
  }
  // A placeholder address (provider gave none) never finds another account by email.
  if (isPlaceholderEmail(email)) return null;
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return null;
  const accounts = await findAccountsByUserId(ctx.db, user.id);
  return { user, linked: accounts.some((a) => a.providerId === providerId && a.accountId === accountId) };
}

/**
 * A provider that vouches for the same address verifies it for us too (with its audit row); the
 * first proof of an address nobody had proven also removes what was added before it
 * (sign-in/first-proof.ts).
 */
async function markVerifiedIfVouched(
  ctx: AuthContext,
  user: UserRow,
  profile: SocialSignInInput["profile"],
  audit: Audit<"email-verified" | "unproven-additions-removed">,
  providerId: string,
  headers: Headers,
): Promise<UserRow> {
  return proveAddressThroughProvider(ctx, { user, profile, providerId, audit, headers });
}

/**
 * Spec §4: a verification mail when sendOnSignUp is set and the provider did not verify the
 * address. The account is usable without it, so a failed mail is logged, not fatal.
 */
async function sendSignUpVerification(ctx: AuthContext, user: UserRow, client: ClientInfo): Promise<void> {
  const verification = ctx.options.email.verification;
  if (user.emailVerified === 1 || !verification.enabled || !verification.sendOnSignUp) return;
  try {
    await sendVerificationMail(ctx, { user, email: user.email, client });
  } catch (error) {
    ctx.logger.warn("verification mail after social sign-up not sent", { error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Spec §4: finds, links or creates the user for a provider profile, then completes the sign-in
 * (sign-in/complete-sign-in.ts): a session, or the pending second step of a person with two-factor.
 */
export async function completeSocialSignIn(ctx: AuthContext, input: SocialSignInInput): Promise<SocialSignInResult> {
  const { provider, profile } = input;
  const found = await findOAuthUser(ctx, provider.id, profile.id, profile.email);
  const decision = decideSocialSignIn({
    userExists: found !== null,
    accountLinked: found?.linked ?? false,
    providerId: provider.id,
    emailVerified: profile.emailVerified,
    localEmailVerified: found?.user.emailVerified === 1,
    linking: ctx.options.social.accountLinking,
    signUpDisabled: isSignUpDisabled(provider, input.requestSignUp),
  });
  const { audit } = input;
  const event = { type: "sign-in" as const, method: provider.id };
  if (decision === "account not linked" || decision === "signup disabled") {
    await audit.record({ ...event, userId: found?.user.id ?? null, outcome: "failure", detail: { reason: decision } });
    return { ok: false, error: decision };
  }

  let user: UserRow;
  const now = ctx.clock.now().toISOString();
  if (found && decision === "sign-in") {
    const account = await findAccountByProvider(ctx.db, provider.id, profile.id);
    if (account) await updateAccount(ctx.db, account.id, { ...toStoredTokens(ctx, input.tokens), updatedAt: now });
    user = await markVerifiedIfVouched(ctx, found.user, profile, audit, provider.id, input.headers);
  } else if (found) {
    try {
      await audit.change(async (trx, log) => {
        await insertAccount(trx, newAccountRow(ctx, { userId: found.user.id, providerId: provider.id, accountId: profile.id, tokens: input.tokens }));
        await log.write({ userId: found.user.id, type: "account-linked", method: provider.id });
      });
    } catch {
      return { ok: false, error: "unable to link account" };
    }
    sendAccountNotice(ctx, found.user, found.user.email, { kind: "provider-linked", providerId: provider.id }, input.headers);
    user = await markVerifiedIfVouched(ctx, found.user, profile, audit, provider.id, input.headers);
  } else {
    try {
      user = await audit.change(async (trx, log) => {
        const created = await insertUser(trx, {
          id: generateId(ctx.random),
          name: profile.name ?? profile.email,
          email: profile.email,
          emailVerified: profile.emailVerified ? 1 : 0,
          image: profile.image,
          createdAt: now,
          updatedAt: now,
        });
        await insertAccount(trx, newAccountRow(ctx, { userId: created.id, providerId: provider.id, accountId: profile.id, tokens: input.tokens }));
        await log.write({ userId: created.id, type: "sign-up", method: provider.id });
        return created;
      });
    } catch (error) {
      ctx.logger.error("social sign-up failed", { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
      return { ok: false, error: "unable to create user" };
    }
    await sendSignUpVerification(ctx, user, input.client);
  }

  let signedIn: SignInOutcome;
  try {
    signedIn = await completeSignIn(
      { ctx, response: input.draft, headers: input.headers, client: input.client, audit },
      {
        user,
        rememberMe: true,
        // The provider vouches for this very address: ADMIN_EMAILS may apply (account/admission.ts).
        way: { method: provider.id, provesMailbox: profile.emailVerified === true && normalizeEmail(profile.email) === user.email },
      },
    );
  } catch (error) {
    // A banned person is told so (the callback redirects with BANNED_USER, as better-auth does).
    if (error instanceof APIError && error.code === "BANNED_USER") throw error;
    return { ok: false, error: "unable to create session" };
  }
  const isRegister = decision === "sign-up";
  // Two-factor on for the person: the pending step, as for a password (Gatehouse beyond better-auth).
  if (signedIn.kind === "second-step") return { ok: true, user: signedIn.user, pending: signedIn.answer, isRegister };
  return { ok: true, user: signedIn.user, token: signedIn.token, isRegister };
}
