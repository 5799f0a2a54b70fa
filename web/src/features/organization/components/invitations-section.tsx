import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import type { WireFullOrganization, WireInvitation } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useCancelInvitation } from "../api/cancel-invitation.js";
import { useInviteMember } from "../api/invite-member.js";
import { organizationActionError } from "../api/organization-request.js";
import type { OrganizationControls } from "../permissions.js";
import { RoleBadges } from "./role-badges.js";
import { chosenValue, NOTHING_CHOSEN } from "../../../lib/select-values.js";

/** Spec §7: only pending invitations that have not expired can still be accepted. */
function pendingInvitations(invitations: WireInvitation[], now: number): WireInvitation[] {
  return invitations.filter((invitation) => invitation.status === "pending" && Date.parse(invitation.expiresAt) > now);
}

function InviteForm({ organization, controls }: { organization: WireFullOrganization; controls: OrganizationControls }): ReactElement {
  const invite = useInviteMember();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>(controls.grantableRoles.includes("member") ? "member" : (controls.grantableRoles[0] ?? "member"));
  const [teamId, setTeamId] = useState("");

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role, ...(teamId ? { teamId } : {}) }, { onSuccess: () => setEmail("") });
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Invite a person">
      <h3>Invite a person</h3>
      <label htmlFor="invite-email">Email</label>
      <input id="invite-email" type="email" required maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="row">
        <div className="grow stack tight">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
            {controls.grantableRoles.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="grow stack tight">
          <label htmlFor="invite-team">Team (optional)</label>
          <select id="invite-team" value={teamId || NOTHING_CHOSEN} onChange={(e) => setTeamId(chosenValue(e.target.value))}>
            <option value={NOTHING_CHOSEN}>No team</option>
            {organization.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="actions">
        <button type="submit" disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
      <ActionStatus mutation={invite} pending="Sending invitation…" success="Invitation sent." errorMessage={organizationActionError} />
    </form>
  );
}

/** Pending invitations, the invite form and cancel, each only where spec §6 allows the viewer. */
export function InvitationsSection({
  organization,
  controls,
  now,
}: {
  organization: WireFullOrganization;
  controls: OrganizationControls;
  now: number;
}): ReactElement {
  const cancel = useCancelInvitation();
  const resend = useInviteMember();
  const pending = pendingInvitations(organization.invitations, now);
  const teamName = (id: string | null): string | undefined => organization.teams.find((team) => team.id === id)?.name;
  return (
    <Section id="invitations" title="Invitations" description="Invitations waiting for an answer. A link works for 48 hours.">
      {pending.length === 0 ? (
        <p className="muted">No pending invitations.</p>
      ) : (
        <ul className="list" aria-label="Pending invitations">
          {pending.map((invitation) => (
            <li key={invitation.id} className="item" aria-label={invitation.email}>
              <div className="row">
                <div className="grow">
                  <strong>{invitation.email}</strong>
                  <div className="muted small">
                    Expires {formatDateTime(invitation.expiresAt)}
                    {invitation.teamId && teamName(invitation.teamId) ? ` · team ${teamName(invitation.teamId)}` : ""}
                  </div>
                </div>
                <RoleBadges role={invitation.role} />
                {controls.invite && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ email: invitation.email, role: invitation.role, resend: true })}
                    aria-label={`Resend invitation to ${invitation.email}`}
                  >
                    Resend
                  </button>
                )}
                {controls.cancelInvitation && (
                  <ConfirmButton
                    label="Cancel"
                    ariaLabel={`Cancel invitation for ${invitation.email}`}
                    disabled={cancel.isPending}
                    title={`Cancel the invitation for ${invitation.email}?`}
                    confirmLabel="Cancel invitation"
                    cancelLabel="Keep invitation"
                    onConfirm={() => cancel.mutate({ invitationId: invitation.id })}
                  >
                    <p>The link in the mail stops working. You can invite the address again later.</p>
                  </ConfirmButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionStatus
        mutation={resend}
        pending="Resending…"
        success="Invitation sent again; the link works for another 48 hours."
        errorMessage={organizationActionError}
      />
      <ActionStatus mutation={cancel} pending="Cancelling…" success="Invitation cancelled." errorMessage={organizationActionError} />
      {controls.invite && <InviteForm organization={organization} controls={controls} />}
    </Section>
  );
}
