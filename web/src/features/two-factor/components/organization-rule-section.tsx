import { useTranslation } from "../../../lib/i18n.js";
import type { ReactElement } from "react";
import type { WireOrganization } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useSetTwoFactorRule } from "../api/organization-rule.js";

/** Users page, owners: require two-factor of the members who sign in with a password. */
export function OrganizationTwoFactorRuleSection({ organization }: { organization: WireOrganization }): ReactElement {
  const rule = useSetTwoFactorRule();
  const { t } = useTranslation();
  return (
    <Section id="two-factor-rule" title={t("twoFactorRule.heading")} description={t("twoFactorRule.description")}>
      <label className="check">
        <input
          type="checkbox"
          checked={organization.requireTwoFactor}
          disabled={rule.isPending}
          onChange={(event) => rule.mutate({ organizationId: organization.id, required: event.target.checked })}
        />{" "}
        {t("twoFactorRule.require")}
      </label>
      <ActionStatus mutation={rule} pending={t("common.saving")} success={t("common.saved")} />
    </Section>
  );
}
