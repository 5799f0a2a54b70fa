import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import type { WireFullOrganization, WireInvitation } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, roleLabel, Section } from "../../../components/ui.js";
import { useCancelInvitation } from "../api/cancel-invitation.js";
import { useInviteMember } from "../api/invite-member.js";
import { organizationActionError } from "../api/organization-request.js";
import type { OrganizationControls } from "../permissions.js";
import { RoleBadges } from "./role-badges.js";
import { useTranslation } from "../../../lib/i18n.js";
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
  const { t } = useTranslation();

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role, ...(teamId ? { teamId } : {}) }, { onSuccess: () => setEmail("") });
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-label={t("invitations.invite")}>
      <h3>{t("invitations.invite")}</h3>
      <label htmlFor="invite-email">{t("invitations.email")}</label>
      <input id="invite-email" type="email" required maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="row">
        <div className="grow stack tight">
          <label htmlFor="invite-role">{t("invitations.role")}</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
            {controls.grantableRoles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <div className="grow stack tight">
          <label htmlFor="invite-team">{t("invitations.team")}</label>
          <select id="invite-team" value={teamId || NOTHING_CHOSEN} onChange={(e) => setTeamId(chosenValue(e.target.value))}>
            <option value={NOTHING_CHOSEN}>{t("invitations.noTeam")}</option>
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
          {t("invitations.send")}
        </button>
      </div>
      <ActionStatus mutation={invite} pending={t("invitations.sending")} success={t("invitations.sent")} errorMessage={organizationActionError} />
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
  const { t } = useTranslation();
  return (
    <Section id="invitations" title={t("invitations.heading")} description={t("invitations.description")}>
      {pending.length === 0 ? (
        <p className="muted">{t("invitations.empty")}</p>
      ) : (
        <ul className="list" aria-label={t("invitations.list")}>
          {pending.map((invitation) => (
            <li key={invitation.id} className="item" aria-label={invitation.email}>
              <div className="row">
                <div className="grow">
                  <strong>{invitation.email}</strong>
                  <div className="muted small">
                    {t("invitations.expires", { date: formatDateTime(invitation.expiresAt) })}
                    {invitation.teamId && teamName(invitation.teamId) ? ` · ${t("invitations.teamNamed", { name: teamName(invitation.teamId) })}` : ""}
                  </div>
                </div>
                <RoleBadges role={invitation.role} />
                {controls.invite && (
                  <button
                    type="button"
                    className="secondary"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ email: invitation.email, role: invitation.role, resend: true })}
                    aria-label={t("invitations.resendTo", { email: invitation.email })}
                  >
                    {t("invitations.resend")}
                  </button>
                )}
                {controls.cancelInvitation && (
                  <ConfirmButton
                    label={t("common.cancel")}
                    ariaLabel={t("invitations.cancelFor", { email: invitation.email })}
                    disabled={cancel.isPending}
                    title={t("invitations.cancel.title", { email: invitation.email })}
                    confirmLabel={t("invitations.cancel.confirm")}
                    cancelLabel={t("invitations.cancel.keep")}
                    onConfirm={() => cancel.mutate({ invitationId: invitation.id })}
                  >
                    <p>{t("invitations.cancel.body")}</p>
                  </ConfirmButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionStatus mutation={resend} pending={t("invitations.resending")} success={t("invitations.resent")} errorMessage={organizationActionError} />
      <ActionStatus mutation={cancel} pending={t("invitations.cancelling")} success={t("invitations.cancelled")} errorMessage={organizationActionError} />
      {controls.invite && <InviteForm organization={organization} controls={controls} />}
    </Section>
  );
}
