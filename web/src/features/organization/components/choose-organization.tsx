import type { ReactElement } from "react";
import { useOrganizations } from "../api/list-organizations.js";
import { organizationActionError } from "../api/organization-request.js";
import { useSetActiveOrganization } from "../api/set-active-organization.js";
import { CreateOrganizationForm } from "./create-organization-form.js";
import { useTranslation } from "../../../lib/i18n.js";

export interface NoActiveOrganizationProps {
  /** Prefix of the create form's ids (one page may hold several forms). */
  idPrefix: string;
}

/**
 * No active organization: a person who belongs to organizations picks one of them; the
 * create form is the offer only for a person with none, and otherwise the second choice.
 */
export function NoActiveOrganization({ idPrefix }: NoActiveOrganizationProps): ReactElement {
  const organizations = useOrganizations(() => true);
  const setActive = useSetActiveOrganization();
  const list = organizations.data ?? [];
  const { t } = useTranslation();
  if (organizations.isPending)
    return (
      <p className="loading" role="status">
        {t("choose.loading")}
      </p>
    );
  if (list.length === 0) {
    return (
      <section className="card empty-state" aria-labelledby={`${idPrefix}-no-org`}>
        <h2 id={`${idPrefix}-no-org`}>{t("choose.create.heading")}</h2>
        <p className="muted">{t("choose.create.body")}</p>
        <CreateOrganizationForm idPrefix={idPrefix} />
      </section>
    );
  }
  return (
    <section className="card empty-state" aria-labelledby={`${idPrefix}-choose-org`}>
      <h2 id={`${idPrefix}-choose-org`}>{t("choose.heading")}</h2>
      <p className="muted">{t("choose.body", { count: list.length })}</p>
      <ul className="list" aria-label={t("choose.list")}>
        {list.map((organization) => (
          <li key={organization.id} className="item row">
            <strong className="grow">{organization.name}</strong>
            <button
              type="button"
              disabled={setActive.isPending}
              onClick={() => setActive.mutate({ organizationId: organization.id })}
              aria-label={t("choose.workInNamed", { name: organization.name })}
            >
              {t("choose.workIn")}
            </button>
          </li>
        ))}
      </ul>
      {setActive.isError && (
        <p className="notice error" role="alert">
          {organizationActionError(setActive.error)}
        </p>
      )}
      <details>
        <summary>{t("choose.createAnother")}</summary>
        <CreateOrganizationForm idPrefix={idPrefix} />
      </details>
    </section>
  );
}
