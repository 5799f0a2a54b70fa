import { useState, type FormEvent, type ReactElement } from "react";
import { isValidOrganizationSlug, ORGANIZATION_SLUG_MAX, type WireFullOrganization } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { organizationActionError } from "../api/organization-request.js";
import { useDeleteOrganization } from "../api/delete-organization.js";
import { useUpdateOrganization } from "../api/update-organization.js";
import type { OrganizationControls } from "../permissions.js";
import { useNavigate } from "react-router";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { useTranslation } from "../../../lib/i18n.js";

function RenameForm({ organization, update }: { organization: WireFullOrganization; update: ReturnType<typeof useUpdateOrganization> }): ReactElement {
  const [name, setName] = useState(organization.name);
  const [slug, setSlug] = useState(organization.slug);
  const slugOk = isValidOrganizationSlug(slug.trim());
  const changed = name.trim() !== organization.name || slug.trim() !== organization.slug;
  const { t } = useTranslation();

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    update.mutate({
      organizationId: organization.id,
      data: { ...(name.trim() !== organization.name && { name: name.trim() }), ...(slug.trim() !== organization.slug && { slug: slug.trim() }) },
    });
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-label={t("organization.nameAndSlug")}>
      <label htmlFor="org-settings-name">{t("organization.name")}</label>
      <input id="org-settings-name" value={name} maxLength={256} required onChange={(e) => setName(e.target.value)} />
      <label htmlFor="org-settings-slug">{t("organization.slug")}</label>
      <input
        id="org-settings-slug"
        value={slug}
        maxLength={ORGANIZATION_SLUG_MAX + 16}
        required
        aria-invalid={!slugOk}
        aria-describedby="org-settings-slug-hint"
        onChange={(e) => setSlug(e.target.value)}
      />
      <p id="org-settings-slug-hint" className={slugOk ? "hint" : "hint error-text"}>
        {t("organization.slugHint")}
      </p>
      <div className="actions">
        <button type="submit" disabled={update.isPending || !changed}>
          {t("organization.saveNameAndSlug")}
        </button>
      </div>
    </form>
  );
}

/**
 * The organization itself: rename and change the slug (`organization: ["update"]`),
 * delete it after typing its name (`organization: ["delete"]`, owners).
 */
export function OrganizationSettingsSection({ organization, controls }: { organization: WireFullOrganization; controls: OrganizationControls }): ReactElement {
  const navigate = useNavigate();
  // Said on the Users page, which then shows the organization the person works on in, or none.
  const remove = useDeleteOrganization(() => void navigate(`/users?${new URLSearchParams({ notice: NOTICE.organizationDeleted })}`));
  // Held here: a saved name or slug remounts the form (fresh fields), and the status must stay.
  const update = useUpdateOrganization();
  const members = organization.members.length;
  const { t } = useTranslation();
  return (
    <Section id="organization-settings" title={t("organization.heading")}>
      {controls.updateOrganization && (
        <>
          <RenameForm key={`${organization.id}:${organization.name}:${organization.slug}`} organization={organization} update={update} />
          <ActionStatus mutation={update} pending={t("common.saving")} success={t("organization.saved")} errorMessage={organizationActionError} />
        </>
      )}
      {controls.deleteOrganization && (
        <div className="row danger-zone">
          <p className="grow muted">{t("organization.delete.warning")}</p>
          <ConfirmButton
            label={t("organization.delete")}
            disabled={remove.isPending}
            title={t("organization.delete.title", { name: organization.name })}
            confirmLabel={t("organization.delete")}
            typeToConfirm={organization.name}
            onConfirm={() =>
              remove.mutate(
                { organizationId: organization.id },
                { onSuccess: () => void navigate(`/users?${new URLSearchParams({ notice: NOTICE.organizationDeleted })}`) },
              )
            }
          >
            <p>{t("organization.delete.body", { count: members })}</p>
          </ConfirmButton>
        </div>
      )}
      <ActionStatus mutation={remove} pending={t("common.deleting")} success={t("organization.deleted")} errorMessage={organizationActionError} />
    </Section>
  );
}
