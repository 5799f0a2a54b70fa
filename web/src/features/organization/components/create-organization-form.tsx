import { useState, type FormEvent, type ReactElement } from "react";
import { isValidOrganizationSlug, ORGANIZATION_SLUG_MAX, slugFromName } from "@gatehouse/auth-core/shared";
import { ActionStatus } from "../../../components/ui.js";
import { useCreateOrganization } from "../api/create-organization.js";
import { organizationActionError } from "../api/organization-request.js";
import { useTranslation } from "../../../lib/i18n.js";

/** Name and slug; the server makes the creator the owner and the new organization active. */
export function CreateOrganizationForm({ idPrefix, onCreated }: { idPrefix: string; onCreated?: () => void }): ReactElement {
  const create = useCreateOrganization();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const { t } = useTranslation();

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), slug: slug.trim() },
      {
        onSuccess: () => {
          setName("");
          setSlug("");
          setSlugEdited(false);
          onCreated?.();
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-label={t("organization.create")}>
      <label htmlFor={`${idPrefix}-org-name`}>{t("organization.name")}</label>
      <input
        id={`${idPrefix}-org-name`}
        value={name}
        maxLength={256}
        required
        onChange={(e) => {
          setName(e.target.value);
          if (!slugEdited) setSlug(slugFromName(e.target.value));
        }}
      />
      <label htmlFor={`${idPrefix}-org-slug`}>{t("organization.slug")}</label>
      <input
        id={`${idPrefix}-org-slug`}
        value={slug}
        maxLength={ORGANIZATION_SLUG_MAX + 16}
        required
        aria-invalid={slug !== "" && !isValidOrganizationSlug(slug.trim())}
        aria-describedby={`${idPrefix}-org-slug-hint`}
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugEdited(true);
        }}
      />
      <p id={`${idPrefix}-org-slug-hint`} className={slug === "" || isValidOrganizationSlug(slug.trim()) ? "hint" : "hint error-text"}>
        {t("organization.slugHint")}
      </p>
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {t("organization.create")}
        </button>
      </div>
      <ActionStatus mutation={create} pending={t("common.creating")} success={t("organization.created")} errorMessage={organizationActionError} />
    </form>
  );
}
