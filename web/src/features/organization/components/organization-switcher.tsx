import { useState, type ReactElement } from "react";
import { useOrganizations } from "../api/list-organizations.js";
import { organizationActionError } from "../api/organization-request.js";
import { useSetActiveOrganization } from "../api/set-active-organization.js";
import { CreateOrganizationForm } from "./create-organization-form.js";
import { chosenValue, NOTHING_CHOSEN } from "../../../lib/select-values.js";
import { useTranslation } from "../../../lib/i18n.js";

/**
 * The navigation's organization switcher: the person's organizations (GET /organization/list),
 * set-active on change (the session and every organization query are refetched), and a
 * "New organization" entry that opens the create form.
 */
export interface OrganizationSwitcherProps {
  /** From the session (the app layer passes it: features do not import one another). */
  activeOrganizationId: string | null;
  /** Whether the session check has settled on a signed-in person, read when the list would load. */
  canLoad: () => boolean;
}

export function OrganizationSwitcher({ activeOrganizationId, canLoad }: OrganizationSwitcherProps): ReactElement {
  const organizations = useOrganizations(canLoad);
  const setActive = useSetActiveOrganization();
  const [creating, setCreating] = useState(false);
  const activeId = activeOrganizationId ?? "";
  const list = organizations.data ?? [];
  const { t } = useTranslation();

  return (
    <div className="org-switcher">
      <label className="visually-hidden" htmlFor="org-switcher-select">
        {t("switcher.label")}
      </label>
      <select
        id="org-switcher-select"
        title={list.find((o) => o.id === activeId)?.name}
        value={list.some((o) => o.id === activeId) ? activeId : NOTHING_CHOSEN}
        disabled={organizations.isPending || setActive.isPending}
        onChange={(e) => {
          const organizationId = chosenValue(e.target.value);
          if (organizationId) setActive.mutate({ organizationId });
        }}
      >
        <option value={NOTHING_CHOSEN} disabled>
          {organizations.isPending
            ? t("switcher.loading")
            : organizations.isError
              ? t("switcher.unavailable")
              : list.length === 0
                ? t("switcher.none")
                : t("switcher.choose")}
        </option>
        {list.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      <button type="button" className="secondary" aria-expanded={creating} aria-controls="org-switcher-create" onClick={() => setCreating((open) => !open)}>
        {/* On a narrow desktop bar only "New" shows; the name stays "New organization". */}
        {t("switcher.new")}
        <span className="org-switcher-long"> {t("switcher.newOrganization")}</span>
      </button>
      {setActive.isPending && (
        <span className="visually-hidden" role="status">
          {t("switcher.switching")}
        </span>
      )}
      {setActive.isError && (
        <p className="notice error org-switcher-error" role="alert">
          {organizationActionError(setActive.error)}
        </p>
      )}
      {creating && (
        <div id="org-switcher-create" className="card org-switcher-popover">
          <CreateOrganizationForm idPrefix="switcher" onCreated={() => setCreating(false)} />
        </div>
      )}
    </div>
  );
}
