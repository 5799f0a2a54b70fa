import type { ReactElement, ReactNode } from "react";
import { useSession } from "../features/auth/api/get-session.js";
import { useLinkedAccounts } from "../features/accounts/api/list-accounts.js";
import { useFullOrganization } from "../features/organization/api/get-full-organization.js";
import { TwoFactorRequired } from "../features/two-factor/components/two-factor-required.js";

/**
 * An organization's pages, behind its two-factor rule: a member who has a password (and so can
 * sign in with it) but no two-factor is asked to set it up first.
 */
export function OrganizationTwoFactorGate({ children }: { children: ReactNode }): ReactElement {
  const organization = useFullOrganization();
  const session = useSession();
  const accounts = useLinkedAccounts();
  const required = organization.data?.requireTwoFactor === true;
  if (!required) return <>{children}</>;
  if (session.isPending || accounts.isPending) return <p role="status">Loading…</p>;
  const hasPassword = accounts.data?.some((account) => account.providerId === "credential") ?? false;
  if (hasPassword && session.data?.user.twoFactorEnabled !== true) return <TwoFactorRequired organizationName={organization.data!.name} />;
  return <>{children}</>;
}
