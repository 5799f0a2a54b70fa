import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { highestRoleRank, parseRoles, type OrganizationRole, type WireFullOrganization, type WireMemberWithUser } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, roleLabel, Section } from "../../../components/ui.js";
import { organizationActionError } from "../api/organization-request.js";
import { useRemoveMember } from "../api/remove-member.js";
import { useUpdateMemberRole } from "../api/update-member-role.js";
import { memberControls, type OrganizationControls } from "../permissions.js";
import { RoleBadges } from "./role-badges.js";
import { sentenceEndingInName } from "../../../lib/text.js";
import { useTranslation } from "../../../lib/i18n.js";

function displayName(member: WireMemberWithUser): string {
  return member.user.name || member.user.email;
}

/** Owners first, then admins, then members; by name within a role. */
function byRoleThenName(a: WireMemberWithUser, b: WireMemberWithUser): number {
  return highestRoleRank(a.role) - highestRoleRank(b.role) || displayName(a).localeCompare(displayName(b));
}

function ChangeRoleForm({ member, roles }: { member: WireMemberWithUser; roles: OrganizationRole[] }): ReactElement {
  const update = useUpdateMemberRole();
  const held = parseRoles(member.role);
  const [role, setRole] = useState<string>(roles.find((r) => held.includes(r)) ?? roles[0] ?? "member");
  const id = `role-${member.id}`;
  const { t } = useTranslation();
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    update.mutate({ memberId: member.id, role });
  }
  return (
    <form className="row" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={id}>
        {t("members.roleFor", { name: displayName(member) })}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value)}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary" disabled={update.isPending} aria-label={t("members.changeRoleOf", { name: displayName(member) })}>
        {t("members.changeRole")}
      </button>
      <ActionStatus mutation={update} pending={t("members.changingRole")} success={t("members.roleChanged")} errorMessage={organizationActionError} />
    </form>
  );
}

interface MembersSectionProps {
  organization: WireFullOrganization;
  viewer: WireMemberWithUser;
  controls: OrganizationControls;
}

/** The members with their roles; change role and remove only where spec §6 allows the viewer. */
export function MembersSection({ organization, viewer, controls }: MembersSectionProps): ReactElement {
  const remove = useRemoveMember();
  const { t } = useTranslation();
  return (
    <Section
      id="members"
      title={t("members.heading")}
      description={sentenceEndingInName(t("members.description", { count: organization.members.length, name: organization.name }), organization.name)}
    >
      <ul className="list" aria-label={t("members.heading")}>
        {[...organization.members].sort(byRoleThenName).map((member) => {
          const isSelf = member.userId === viewer.userId;
          const allowed = memberControls(viewer.role, { role: member.role, isSelf });
          return (
            <li key={member.id} className="item" data-current={isSelf ? "" : undefined} aria-label={displayName(member)}>
              <div className="row">
                <div className="grow">
                  <strong>{displayName(member)}</strong> {isSelf && <span className="muted small">{t("members.you")}</span>}
                  <div className="muted small">
                    {member.user.email} · {t("members.joined", { date: formatDateTime(member.createdAt) })}
                  </div>
                </div>
                <RoleBadges role={member.role} />
                {allowed.remove && (
                  <ConfirmButton
                    label={t("members.remove")}
                    ariaLabel={t("members.removeNamed", { name: displayName(member) })}
                    disabled={remove.isPending}
                    title={t("members.remove.title", { name: displayName(member), organization: organization.name })}
                    confirmLabel={t("members.remove.confirm")}
                    onConfirm={() => remove.mutate({ memberId: member.id })}
                  >
                    <p>{t("members.remove.body", { name: displayName(member), email: member.user.email, organization: organization.name })}</p>
                  </ConfirmButton>
                )}
              </div>
              {allowed.changeRole && <ChangeRoleForm member={member} roles={controls.grantableRoles} />}
            </li>
          );
        })}
      </ul>
      <ActionStatus mutation={remove} pending={t("members.removing")} success={t("members.removed")} errorMessage={organizationActionError} />
    </Section>
  );
}
