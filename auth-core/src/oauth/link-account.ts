import type { AuthContext } from "../context.js";
import { sendAccountNotice } from "../email/account-notices.js";
import type { Audit } from "../audit/audit-log.js";
import { findAccountByProvider, insertAccount, updateAccount } from "../store/account-store.js";
import { findUserById, updateUser } from "../store/user-store.js";
import { newAccountRow, toStoredTokens } from "./account-tokens.js";
import { decideLink } from "./linking-policy.js";
import type { OAuthProvider, OAuthTokens, OAuthUserInfo } from "./types.js";

export type LinkResult = "linked" | "unable_to_link_account" | "email_doesn't_match" | "account_already_linked_to_different_user";

export interface LinkAccountInput {
  provider: OAuthProvider;
  profile: OAuthUserInfo;
  tokens: OAuthTokens;
  user: { id: string; email: string };
  audit: Audit<"account-linked">;
  /** The request that links it: the notice takes its language. */
  headers: Headers;
}

/**
 * Links a provider account to the signed-in user (spec §4, §5): trusted provider or verified
 * email, linking enabled, the same email unless different emails are allowed, and the account
 * not already someone else's. Linking it again to the same user refreshes its tokens.
 */
export async function linkProviderAccount(ctx: AuthContext, input: LinkAccountInput): Promise<LinkResult> {
  const { provider, profile } = input;
  const linking = ctx.options.social.accountLinking;
  const decision = decideLink({
    providerId: provider.id,
    emailVerified: profile.emailVerified,
    providerEmail: profile.email,
    userEmail: input.user.email,
    linking,
  });
  const fail = async (reason: LinkResult): Promise<LinkResult> => {
    await input.audit.record({ userId: input.user.id, type: "account-linked", outcome: "failure", method: provider.id, detail: { reason } });
    return reason;
  };
  if (decision !== "link") return fail(decision);

  const now = ctx.clock.now().toISOString();
  const existing = await findAccountByProvider(ctx.db, provider.id, profile.id);
  if (existing) {
    if (existing.userId !== input.user.id) return fail("account_already_linked_to_different_user");
    await updateAccount(ctx.db, existing.id, { ...toStoredTokens(ctx, input.tokens), updatedAt: now });
    return "linked";
  }
  try {
    await input.audit.change(async (trx, log) => {
      await insertAccount(trx, newAccountRow(ctx, { userId: input.user.id, providerId: provider.id, accountId: profile.id, tokens: input.tokens }));
      await log.write({ userId: input.user.id, type: "account-linked", method: provider.id });
    });
  } catch {
    // Lost a race with another link of the same provider account.
    return fail("unable_to_link_account");
  }
  if (linking.updateUserInfoOnLink) {
    await updateUser(ctx.db, input.user.id, {
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.image ? { image: profile.image } : {}),
      updatedAt: now,
    });
  }
  const owner = await findUserById(ctx.db, input.user.id);
  if (owner) sendAccountNotice(ctx, owner, owner.email, { kind: "provider-linked", providerId: provider.id }, input.headers);
  return "linked";
}
