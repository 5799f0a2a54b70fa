import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import { findCredentialAccount } from "../store/account-store.js";
import { findOrganizationById } from "../store/organization-store.js";
import { findUserById } from "../store/user-store.js";

/**
 * An organization's two-factor rule (`requireTwoFactor`, set by an owner): a member who can sign
 * in with a password and has not turned two-factor on may not act inside the organization, on
 * any door (organization endpoints, organization API keys, the server's tRPC procedures).
 * Members without a password (Google, passkey) sign in without one, so the rule does not ask
 * them. What stays open is the way out: the person's own organizations and membership, switching
 * the active organization, leaving, invitations, and every account and two-factor endpoint.
 * `organization` may be passed when the caller has already read it. 403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION.
 */
export async function assertMeetsTwoFactorRule(
  ctx: AuthContext,
  organization: string | { id: string; requireTwoFactor: number },
  userId: string,
): Promise<void> {
  if (!(await meetsTwoFactorRule(ctx, organization, userId))) throw APIError.from(403, "TWO_FACTOR_REQUIRED_BY_ORGANIZATION");
}

/** Whether the organization's two-factor rule lets the person act inside it (see assertMeetsTwoFactorRule). */
export async function meetsTwoFactorRule(ctx: AuthContext, organization: string | { id: string; requireTwoFactor: number }, userId: string): Promise<boolean> {
  const row = typeof organization === "string" ? await findOrganizationById(ctx.db, organization) : organization;
  if (!row || row.requireTwoFactor !== 1) return true;
  const user = await findUserById(ctx.db, userId);
  if (!user || user.twoFactorEnabled === 1) return true;
  const credential = await findCredentialAccount(ctx.db, userId);
  return !credential?.password;
}
