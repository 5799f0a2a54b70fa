import type { ReactElement } from "react";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useSetTwoFactorRule } from "../api/organization-rule.js";

/** Users page, owners: require two-factor of the members who sign in with a password. */
export function OrganizationTwoFactorRuleSection({ organization }: { organization: WireOrganization }): ReactElement {
  const rule = useSetTwoFactorRule();
  return (
    <Section
      id="two-factor-rule"
      title="Two-factor rule"
      description="Members who sign in with a password must turn on two-factor before they can open this organization's pages. Google and passkey sign-in are not affected."
    >
      <label className="check">
        <input
          type="checkbox"
          checked={organization.requireTwoFactor}
          disabled={rule.isPending}
          onChange={(event) => rule.mutate({ organizationId: organization.id, required: event.target.checked })}
        />{" "}
        Require two-factor authentication
      </label>
      <ActionStatus mutation={rule} pending="Saving…" success="Saved." />
    </Section>
  );
}
