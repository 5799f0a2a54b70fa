import type { ReactElement } from "react";
import { OrganizationSettingsSection } from "../../features/organization/components/organization-settings-section.js";
import { CreateOrganizationForm } from "../../features/organization/components/create-organization-form.js";
import { InvitationsSection } from "../../features/organization/components/invitations-section.js";
import { LeaveSection } from "../../features/organization/components/leave-section.js";
import { MembersSection } from "../../features/organization/components/members-section.js";
import { TeamsSection } from "../../features/organization/components/teams-section.js";
import { OrganizationApiKeysSection } from "../../features/api-keys/components/api-keys-section.js";
import { ProvisioningSection } from "../../features/enterprise-sso/components/provisioning-section.js";
import { SingleSignOnSection } from "../../features/enterprise-sso/components/single-sign-on-section.js";
import { useActiveMember } from "../../features/organization/api/get-active-member.js";
import { useFullOrganization } from "../../features/organization/api/get-full-organization.js";
import { organizationControls } from "../../features/organization/permissions.js";
import { OrganizationTwoFactorRuleSection } from "../../features/two-factor/components/organization-rule-section.js";
import { OrganizationTwoFactorGate } from "../organization-two-factor-gate.js";
import { richText } from "../../components/ui.js";
import { useTranslation } from "../../lib/i18n.js";

function NoOrganization(): ReactElement {
  const { t } = useTranslation();
  return (
    <section className="card empty-state" aria-labelledby="no-org-heading">
      <h2 id="no-org-heading">{t("users.none.heading")}</h2>
      <p className="muted">{t("users.none.body")}</p>
      <CreateOrganizationForm idPrefix="empty" />
    </section>
  );
}

/**
 * /users: the active organization's people (spec §7 organization calls). What the viewer may do
 * comes from their own role through the shared access-control functions (spec §6). The
 * organization's two-factor rule is read first: the server refuses its calls to a member the
 * rule stops.
 */
export function UsersPage(): ReactElement {
  const { t } = useTranslation();
  return (
    <article className="page">
      <h1>{t("users.heading")}</h1>
      <OrganizationTwoFactorGate>
        <OrganizationPeople />
      </OrganizationTwoFactorGate>
    </article>
  );
}

function OrganizationPeople(): ReactElement {
  const organization = useFullOrganization();
  const viewer = useActiveMember();
  // Right after a switch the two answers may briefly describe different organizations.
  const settling = Boolean(organization.data && viewer.data && viewer.data.organizationId !== organization.data.id);
  const { t } = useTranslation();
  if (organization.isPending || viewer.isPending || settling) return <p role="status">{t("users.loading")}</p>;
  if (!organization.data || !viewer.data) return <NoOrganization />;
  const controls = organizationControls(viewer.data.role);
  const now = Date.now();
  return (
    <>
      <p className="lead">
        {richText(t("users.lead", { name: organization.data.name, slug: organization.data.slug }), (name) => (
          <strong>{name}</strong>
        ))}
      </p>
      <MembersSection organization={organization.data} viewer={viewer.data} controls={controls} />
      <InvitationsSection organization={organization.data} controls={controls} now={now} />
      <TeamsSection organization={organization.data} controls={controls} />
      {viewer.data.role.split(",").includes("owner") && <OrganizationTwoFactorRuleSection organization={organization.data} />}
      {(controls.updateOrganization || controls.deleteOrganization) && <OrganizationSettingsSection organization={organization.data} controls={controls} />}
      {controls.updateOrganization && <SingleSignOnSection organizationId={organization.data.id} />}
      {controls.updateOrganization && <ProvisioningSection organizationId={organization.data.id} />}
      <OrganizationApiKeysSection organizationId={organization.data.id} viewerRole={viewer.data.role} />
      <LeaveSection organization={organization.data} viewer={viewer.data} />
    </>
  );
}
