import type { ReactElement, ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import { useAuthClient } from "../lib/auth-client.js";
import { useSession } from "../features/auth/api/get-session.js";
import { useLinkedAccounts } from "../features/accounts/api/list-accounts.js";
import { getOrganizationsQueryOptions } from "../features/organization/api/list-organizations.js";
import { useActiveMember } from "../features/organization/api/get-active-member.js";
import { LeaveSection } from "../features/organization/components/leave-section.js";
import { TwoFactorRequired } from "../features/two-factor/components/two-factor-required.js";

/**
 * An organization's pages, behind its two-factor rule: a member who has a password (and so can
 * sign in with it) but no two-factor is asked to set it up first. The server refuses such a
 * member the organization's calls (TWO_FACTOR_REQUIRED_BY_ORGANIZATION), so the rule is read
 * before the page asks for anything of the organization: from the person's own organization
 * list, which stays open to them.
 */
export function OrganizationTwoFactorGate({ children }: { children: ReactNode }): ReactElement {
  const session = useSession();
  const activeOrganizationId = session.data?.session.activeOrganizationId ?? null;
  const organizations = useQuery({ ...getOrganizationsQueryOptions(useAuthClient()), enabled: activeOrganizationId !== null, throwOnError: false });
  if (session.isPending) return <p role="status">Loading…</p>;
  if (activeOrganizationId === null || organizations.isError) return <>{children}</>;
  if (organizations.isPending) return <p role="status">Loading…</p>;
  const organization = organizations.data.find((item) => item.id === activeOrganizationId);
  if (organization?.requireTwoFactor !== true) return <>{children}</>;
  return <RequiredTwoFactorGate organization={organization}>{children}</RequiredTwoFactorGate>;
}

function RequiredTwoFactorGate({ organization, children }: { organization: WireOrganization; children: ReactNode }): ReactElement {
  const session = useSession();
  const accounts = useLinkedAccounts();
  if (accounts.isPending) return <p role="status">Loading…</p>;
  const hasPassword = accounts.data?.some((account) => account.providerId === "credential") ?? false;
  if (hasPassword && session.data?.user.twoFactorEnabled !== true) return <StoppedByTwoFactorRule organization={organization} />;
  return <>{children}</>;
}

/** The way to turn two-factor on, and the way out. */
function StoppedByTwoFactorRule({ organization }: { organization: WireOrganization }): ReactElement {
  const viewer = useActiveMember();
  return (
    <>
      <TwoFactorRequired organizationName={organization.name} />
      {viewer.data && <LeaveSection organization={organization} viewer={viewer.data} />}
    </>
  );
}
