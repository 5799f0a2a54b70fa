import type { ReactElement } from "react";
import { useOrganizations } from "../api/list-organizations.js";
import { organizationActionError } from "../api/organization-request.js";
import { useSetActiveOrganization } from "../api/set-active-organization.js";
import { CreateOrganizationForm } from "./create-organization-form.js";

export interface NoActiveOrganizationProps {
  /** Prefix of the create form's ids (one page may hold several forms). */
  idPrefix: string;
  /** What a chosen organization is for on this page ("to see its plan"). */
  purpose: string;
}

/**
 * No active organization: a person who belongs to organizations picks one of them; the
 * create form is the offer only for a person with none, and otherwise the second choice.
 */
export function NoActiveOrganization({ idPrefix, purpose }: NoActiveOrganizationProps): ReactElement {
  const organizations = useOrganizations(() => true);
  const setActive = useSetActiveOrganization();
  const list = organizations.data ?? [];
  if (organizations.isPending)
    return (
      <p className="loading" role="status">
        Loading your organizations…
      </p>
    );
  if (list.length === 0) {
    return (
      <section className="card empty-state" aria-labelledby={`${idPrefix}-no-org`}>
        <h2 id={`${idPrefix}-no-org`}>Create your organization</h2>
        <p className="muted">You do not belong to an organization yet. Create one {purpose} and invite people, or ask to be invited to one.</p>
        <CreateOrganizationForm idPrefix={idPrefix} />
      </section>
    );
  }
  return (
    <section className="card empty-state" aria-labelledby={`${idPrefix}-choose-org`}>
      <h2 id={`${idPrefix}-choose-org`}>Choose an organization</h2>
      <p className="muted">
        You belong to {list.length === 1 ? "one organization" : `${list.length} organizations`}. Choose the one to work in {purpose}.
      </p>
      <ul className="list" aria-label="Your organizations">
        {list.map((organization) => (
          <li key={organization.id} className="item row">
            <strong className="grow">{organization.name}</strong>
            <button
              type="button"
              disabled={setActive.isPending}
              onClick={() => setActive.mutate({ organizationId: organization.id })}
              aria-label={`Work in ${organization.name}`}
            >
              Work in this one
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
        <summary>Create another organization</summary>
        <CreateOrganizationForm idPrefix={idPrefix} />
      </details>
    </section>
  );
}
