import { useState, type FormEvent, type ReactElement } from "react";
import { endStop, plural } from "../../../lib/text.js";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { highestRoleRank, parseRoles, type OrganizationRole, type WireFullOrganization, type WireMemberWithUser } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { organizationActionError } from "../api/organization-request.js";
import { useRemoveMember } from "../api/remove-member.js";
import { useUpdateMemberRole } from "../api/update-member-role.js";
import { memberControls, type OrganizationControls } from "../permissions.js";
import { RoleBadges } from "./role-badges.js";

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
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    update.mutate({ memberId: member.id, role });
  }
  return (
    <form className="row" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={id}>
        Role for {displayName(member)}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value)}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary" disabled={update.isPending} aria-label={`Change role of ${displayName(member)}`}>
        Change role
      </button>
      <ActionStatus mutation={update} pending="Changing role…" success="Role changed." errorMessage={organizationActionError} />
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
  return (
    <Section
      id="members"
      title="Members"
      description={`${plural(organization.members.length, "person", "people")} in ${organization.name}${endStop(organization.name)}`}
    >
      <ul className="list" aria-label="Members">
        {[...organization.members].sort(byRoleThenName).map((member) => {
          const isSelf = member.userId === viewer.userId;
          const allowed = memberControls(viewer.role, { role: member.role, isSelf });
          return (
            <li key={member.id} className="item" data-current={isSelf ? "" : undefined} aria-label={displayName(member)}>
              <div className="row">
                <div className="grow">
                  <strong>{displayName(member)}</strong> {isSelf && <span className="muted small">(you)</span>}
                  <div className="muted small">
                    {member.user.email} · joined {formatDateTime(member.createdAt)}
                  </div>
                </div>
                <RoleBadges role={member.role} />
                {allowed.remove && (
                  <ConfirmButton
                    label="Remove"
                    ariaLabel={`Remove ${displayName(member)}`}
                    disabled={remove.isPending}
                    title={`Remove ${displayName(member)} from ${organization.name}?`}
                    confirmLabel="Remove member"
                    onConfirm={() => remove.mutate({ memberId: member.id })}
                  >
                    <p>
                      {displayName(member)} ({member.user.email}) loses access to {organization.name} and leaves its teams at once. To bring them back, invite
                      them again.
                    </p>
                  </ConfirmButton>
                )}
              </div>
              {allowed.changeRole && <ChangeRoleForm member={member} roles={controls.grantableRoles} />}
            </li>
          );
        })}
      </ul>
      <ActionStatus mutation={remove} pending="Removing…" success="Member removed." errorMessage={organizationActionError} />
    </Section>
  );
}
