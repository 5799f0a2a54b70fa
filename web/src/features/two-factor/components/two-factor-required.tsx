import { richText } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";
import type { ReactElement } from "react";
import { Link } from "react-router";

/** Shown instead of an organization's page when its rule asks this member for two-factor first. */
export function TwoFactorRequired({ organizationName }: { organizationName: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="two-factor-required-heading">
      <h2 id="two-factor-required-heading">{t("twoFactorRule.required.heading")}</h2>
      <p>
        {richText(t("twoFactorRule.required.body", { name: organizationName }), (name) => (
          <strong>{name}</strong>
        ))}
      </p>
      <p>
        <Link className="button" to="/settings#two-factor">
          {t("twoFactorRule.required.link")}
        </Link>
      </p>
    </section>
  );
}
