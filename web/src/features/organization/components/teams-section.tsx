import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import type { WireFullOrganization, WireTeam } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useAddTeamMember } from "../api/add-team-member.js";
import { useCreateTeam } from "../api/create-team.js";
import { useTeamMembers } from "../api/list-team-members.js";
import { organizationActionError } from "../api/organization-request.js";
import { useRemoveTeam } from "../api/remove-team.js";
import { useRemoveTeamMember } from "../api/remove-team-member.js";
import { useUpdateTeam } from "../api/update-team.js";
import type { OrganizationControls } from "../permissions.js";
import { chosenValue, NOTHING_CHOSEN } from "../../../lib/select-values.js";
import { i18n, useTranslation } from "../../../lib/i18n.js";
import { translate } from "../../../components/ui.js";

interface TeamCardProps {
  team: WireTeam;
  organization: WireFullOrganization;
  controls: OrganizationControls;
  /** Held by the section: the card disappears with its team, the result must not. */
  removeTeam: ReturnType<typeof useRemoveTeam>;
}

function RenameTeamForm({ team }: { team: WireTeam }): ReactElement {
  const rename = useUpdateTeam();
  const [name, setName] = useState(team.name);
  const { t } = useTranslation();
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    rename.mutate({ teamId: team.id, name: name.trim() });
  }
  return (
    <form className="row" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={`team-name-${team.id}`}>
        {t("teams.newNameFor", { name: team.name })}
      </label>
      <input id={`team-name-${team.id}`} className="grow" value={name} maxLength={256} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="secondary" disabled={rename.isPending} aria-label={t("teams.renameNamed", { name: team.name })}>
        {t("teams.rename")}
      </button>
      <ActionStatus mutation={rename} pending={t("teams.renaming")} success={t("teams.renamed")} errorMessage={organizationActionError} />
    </form>
  );
}

function TeamCard({ team, organization, controls, removeTeam }: TeamCardProps): ReactElement {
  const members = useTeamMembers(team.id);
  const add = useAddTeamMember();
  const removeMember = useRemoveTeamMember();
  const [userId, setUserId] = useState("");
  const { t } = useTranslation();
  const inTeam = new Set((members.data ?? []).map((m) => m.userId));
  const nameOf = (id: string): string => {
    const member = organization.members.find((m) => m.userId === id);
    return member ? member.user.name || member.user.email : t("teams.formerMember");
  };
  const candidates = organization.members.filter((m) => !inTeam.has(m.userId));

  function onAdd(event: FormEvent): void {
    event.preventDefault();
    if (userId) add.mutate({ teamId: team.id, userId }, { onSuccess: () => setUserId("") });
  }

  return (
    <li className="item team" aria-label={t("teams.teamNamed", { name: team.name })}>
      <div className="row">
        <h3 className="grow">{team.name}</h3>
        {controls.deleteTeam && (
          <ConfirmButton
            label={t("teams.delete")}
            ariaLabel={t("teams.deleteNamed", { name: team.name })}
            disabled={removeTeam.isPending}
            title={t("teams.delete.title", { name: team.name })}
            confirmLabel={t("teams.delete")}
            onConfirm={() => removeTeam.mutate({ teamId: team.id })}
          >
            <p>{(members.data?.length ?? 0) === 0 ? t("teams.delete.empty") : teamMembersLeaving((members.data ?? []).map((m) => nameOf(m.userId)))}</p>
            <p>{t("common.cannotBeUndone")}</p>
          </ConfirmButton>
        )}
      </div>
      {controls.renameTeam && <RenameTeamForm key={team.name} team={team} />}
      {members.isPending ? (
        <p role="status" className="muted small">
          {t("teams.loadingMembers")}
        </p>
      ) : members.isError ? (
        <p role="alert" className="notice error">
          {organizationActionError(members.error)}
        </p>
      ) : members.data.length === 0 ? (
        <p className="muted small">{t("teams.emptyTeam")}</p>
      ) : (
        <ul className="chips" aria-label={t("teams.membersOf", { name: team.name })}>
          {members.data.map((m) => (
            <li key={m.id}>
              {nameOf(m.userId)}
              {controls.removeTeamMember && (
                <ConfirmButton
                  label="×"
                  className="link danger"
                  ariaLabel={t("teams.removeMemberNamed", { name: nameOf(m.userId), team: team.name })}
                  disabled={removeMember.isPending}
                  title={t("teams.removeMember.title", { name: nameOf(m.userId), team: team.name })}
                  confirmLabel={t("teams.removeMember.confirm")}
                  onConfirm={() => removeMember.mutate({ teamId: team.id, userId: m.userId })}
                >
                  <p>{t("teams.removeMember.body")}</p>
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <ActionStatus mutation={removeMember} pending={t("teams.removingMember")} success={t("teams.memberRemoved")} errorMessage={organizationActionError} />
      {controls.addTeamMember && candidates.length > 0 && (
        <form className="row" onSubmit={onAdd}>
          <label className="visually-hidden" htmlFor={`team-add-${team.id}`}>
            {t("teams.personToAdd", { name: team.name })}
          </label>
          <select id={`team-add-${team.id}`} value={userId || NOTHING_CHOSEN} onChange={(e) => setUserId(chosenValue(e.target.value))}>
            <option value={NOTHING_CHOSEN} disabled>
              {t("teams.chooseMember")}
            </option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.user.name || m.user.email}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary" disabled={add.isPending || !userId} aria-label={t("teams.addToNamed", { name: team.name })}>
            {t("teams.add")}
          </button>
        </form>
      )}
      <ActionStatus mutation={add} pending={t("teams.adding")} success={t("teams.added")} errorMessage={organizationActionError} />
    </li>
  );
}

function CreateTeamForm(): ReactElement {
  const create = useCreateTeam();
  const [name, setName] = useState("");
  const { t } = useTranslation();
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    create.mutate({ name: name.trim() }, { onSuccess: () => setName("") });
  }
  return (
    <form className="stack" onSubmit={onSubmit} aria-label={t("teams.create")}>
      <label htmlFor="team-new-name">{t("teams.newName")}</label>
      <input id="team-new-name" value={name} maxLength={256} required onChange={(e) => setName(e.target.value)} />
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {t("teams.create")}
        </button>
      </div>
      <ActionStatus mutation={create} pending={t("teams.creating")} success={t("teams.created")} errorMessage={organizationActionError} />
    </form>
  );
}

/** Teams with their members; create, rename, delete and membership changes where spec §6 allows. */
/** "Nora Nash stays in the organization but leaves the team." (issue 48: "Its member (nora) stay…"). */
export function teamMembersLeaving(names: readonly string[]): string {
  if (names.length === 1) return translate("teams.leaving.one", { name: names[0] });
  // "A, B and C" as the shown language lists (British English: no comma before "and").
  const list = new Intl.ListFormat(i18n.locale === "en" ? "en-GB" : i18n.locale, { type: "conjunction" }).format(names);
  return translate("teams.leaving.many", { count: names.length, list });
}

export function TeamsSection({ organization, controls }: { organization: WireFullOrganization; controls: OrganizationControls }): ReactElement {
  const removeTeam = useRemoveTeam();
  const { t } = useTranslation();
  return (
    <Section id="teams" title={t("teams.heading")}>
      {organization.teams.length === 0 ? (
        <p className="muted">{t("teams.empty")}</p>
      ) : (
        <ul className="list" aria-label={t("teams.heading")}>
          {organization.teams.map((team) => (
            <TeamCard key={team.id} team={team} organization={organization} controls={controls} removeTeam={removeTeam} />
          ))}
        </ul>
      )}
      <ActionStatus mutation={removeTeam} pending={t("teams.deleting")} success={t("teams.deleted")} errorMessage={organizationActionError} />
      {controls.createTeam && <CreateTeamForm />}
    </Section>
  );
}
