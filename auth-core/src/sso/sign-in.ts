import type { AuthContext } from "../context.js";
import { generateId } from "../deps/random.js";
import { normalizeEmail } from "../email/email-address.js";
import { newAccountRow } from "../oauth/account-tokens.js";
import type { Audit } from "../audit/audit-log.js";
import { proveAddressThroughProvider } from "../sign-in/first-proof.js";
import { completeSignIn, type SignInCall, type SignInOutcome } from "../sign-in/complete-sign-in.js";
import { findAccountByProvider, insertAccount } from "../store/account-store.js";
import type { SsoProviderRow, UserRow } from "../store/database.js";
import { findMember, insertMember } from "../store/member-store.js";
import { findUserByEmail, findUserById, insertUser } from "../store/user-store.js";
import { isUniqueViolation } from "../store/unique-violation.js";
import { emailIsInDomain } from "./domains.js";

/** The person an identity provider vouched for. */
export interface SsoIdentity {
  /** The OpenID `sub`, or the SAML NameID: unique at this provider. */
  subject: string;
  email: string;
  name: string | null;
  image: string | null;
}

/** The rows an SSO sign-in may write. */
export type SsoSignInEvent =
  | "sign-in"
  | "sign-up"
  | "account-linked"
  | "anonymous-linked"
  | "sso-member-added"
  | "email-verified"
  | "unproven-additions-removed";

export type SsoSignInResult = { ok: true; outcome: SignInOutcome; isRegister: boolean } | { ok: false; error: "account_not_linked" | "unable_to_create_user" };

/** An organization's new members from its identity provider get the organization's default role. */
const DEFAULT_SSO_ROLE = "member";

/**
 * The person behind a verified identity, then their session:
 * 1. the account linked to this provider's subject (the same person every time);
 * 2. else an account of the same address, linked only when the address is in the provider's
 *    verified domain (the organization proved it holds the domain; anything else would let an
 *    identity provider claim someone else's account);
 * 3. else a new account, its address verified when it is in the verified domain.
 * An address in the verified domain counts as proven by the provider (the first proof, below).
 * The person then becomes a member of the provider's organization (once), and the sign-in ends
 * in completeSignIn (bans, SCIM deactivation, the second step).
 */
export async function completeSsoSignIn(
  call: Omit<SignInCall, "audit"> & { audit: Audit<SsoSignInEvent> },
  input: { provider: SsoProviderRow; identity: SsoIdentity },
): Promise<SsoSignInResult> {
  const { ctx, audit } = call;
  const { provider, identity } = input;
  const method = `sso:${provider.providerId}`;
  const email = normalizeEmail(identity.email);
  const inDomain = provider.domainVerified === 1 && emailIsInDomain(email, provider.domain);
  const now = ctx.clock.now().toISOString();
  let user: UserRow | undefined;
  let isRegister = false;
  const account = await findAccountByProvider(ctx.db, provider.providerId, identity.subject);
  if (account) user = await findUserById(ctx.db, account.userId);
  if (!user) {
    const existing = await findUserByEmail(ctx.db, email);
    if (existing) {
      if (!inDomain) {
        await audit.record({ type: "sign-in", userId: existing.id, outcome: "failure", method, detail: { reason: "address outside the verified domain" } });
        return { ok: false, error: "account_not_linked" };
      }
      await audit.change(async (trx, log) => {
        await insertAccount(trx, newAccountRow(ctx, { userId: existing.id, providerId: provider.providerId, accountId: identity.subject, tokens: NO_TOKENS }));
        await log.write({ userId: existing.id, type: "account-linked", method });
      });
      user = existing;
    } else {
      try {
        user = await audit.change(async (trx, log) => {
          const created = await insertUser(trx, {
            id: generateId(ctx.random),
            name: identity.name ?? email,
            email,
            emailVerified: inDomain ? 1 : 0,
            image: identity.image,
            createdAt: now,
            updatedAt: now,
          });
          await insertAccount(trx, newAccountRow(ctx, { userId: created.id, providerId: provider.providerId, accountId: identity.subject, tokens: NO_TOKENS }));
          await log.write({ userId: created.id, type: "sign-up", method });
          return created;
        });
        isRegister = true;
      } catch (error) {
        ctx.logger.error("SSO sign-up failed", { provider: provider.providerId, error: error instanceof Error ? error.message : String(error) });
        return { ok: false, error: "unable_to_create_user" };
      }
    }
  }
  // An address in the organization's verified domain is proven by its identity provider: the first
  // proof of an address nobody had proven removes what was added before it (security/first-proof.ts),
  // such as another provider's account that claimed the address while it was unproven.
  if (inDomain)
    user = await proveAddressThroughProvider(ctx, {
      user,
      profile: { id: identity.subject, email, emailVerified: true },
      providerId: provider.providerId,
      audit,
      headers: call.headers,
    });
  const outcome = await completeSignIn(call, { user, rememberMe: true, way: { method } });
  await ensureMember(ctx, audit, provider, outcome.user.id);
  return { ok: true, outcome, isRegister };
}

const NO_TOKENS = {
  accessToken: null,
  tokenType: null,
  refreshToken: null,
  idToken: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  scopes: [],
};

/** The person joins the provider's organization with the default role, once. */
async function ensureMember(ctx: AuthContext, audit: Audit<"sso-member-added">, provider: SsoProviderRow, userId: string): Promise<void> {
  if (await findMember(ctx.db, provider.organizationId, userId)) return;
  try {
    await audit.change(async (trx, log) => {
      await insertMember(trx, {
        id: generateId(ctx.random),
        organizationId: provider.organizationId,
        userId,
        role: DEFAULT_SSO_ROLE,
        createdAt: ctx.clock.now().toISOString(),
      });
      await log.write({
        userId,
        type: "sso-member-added",
        method: `sso:${provider.providerId}`,
        organizationId: provider.organizationId,
        detail: { role: DEFAULT_SSO_ROLE },
      });
    });
  } catch (error) {
    // Another request added them meanwhile: once is enough.
    if (!isUniqueViolation(error)) throw error;
  }
}
