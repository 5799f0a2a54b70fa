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
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    rename.mutate({ teamId: team.id, name: name.trim() });
  }
  return (
    <form className="row" onSubmit={onSubmit}>
      <label className="visually-hidden" htmlFor={`team-name-${team.id}`}>
        New name for {team.name}
      </label>
      <input id={`team-name-${team.id}`} className="grow" value={name} maxLength={256} required onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="secondary" disabled={rename.isPending} aria-label={`Rename ${team.name}`}>
        Rename
      </button>
      <ActionStatus mutation={rename} pending="Renaming…" success="Team renamed." errorMessage={organizationActionError} />
    </form>
  );
}

function TeamCard({ team, organization, controls, removeTeam }: TeamCardProps): ReactElement {
  const members = useTeamMembers(team.id);
  const add = useAddTeamMember();
  const removeMember = useRemoveTeamMember();
  const [userId, setUserId] = useState("");
  const inTeam = new Set((members.data ?? []).map((m) => m.userId));
  const nameOf = (id: string): string => {
    const member = organization.members.find((m) => m.userId === id);
    return member ? member.user.name || member.user.email : "Former member";
  };
  const candidates = organization.members.filter((m) => !inTeam.has(m.userId));

  function onAdd(event: FormEvent): void {
    event.preventDefault();
    if (userId) add.mutate({ teamId: team.id, userId }, { onSuccess: () => setUserId("") });
  }

  return (
    <li className="item team" aria-label={`Team ${team.name}`}>
      <div className="row">
        <h3 className="grow">{team.name}</h3>
        {controls.deleteTeam && (
          <ConfirmButton
            label="Delete team"
            ariaLabel={`Delete team ${team.name}`}
            disabled={removeTeam.isPending}
            title={`Delete the team ${team.name}?`}
            confirmLabel="Delete team"
            onConfirm={() => removeTeam.mutate({ teamId: team.id })}
          >
            <p>{(members.data?.length ?? 0) === 0 ? "The team has no members." : teamMembersLeaving((members.data ?? []).map((m) => nameOf(m.userId)))}</p>
            <p>This cannot be undone.</p>
          </ConfirmButton>
        )}
      </div>
      {controls.renameTeam && <RenameTeamForm key={team.name} team={team} />}
      {members.isPending ? (
        <p role="status" className="muted small">
          Loading team members…
        </p>
      ) : members.isError ? (
        <p role="alert" className="notice error">
          {organizationActionError(members.error)}
        </p>
      ) : members.data.length === 0 ? (
        <p className="muted small">Nobody in this team yet.</p>
      ) : (
        <ul className="chips" aria-label={`Members of ${team.name}`}>
          {members.data.map((m) => (
            <li key={m.id}>
              {nameOf(m.userId)}
              {controls.removeTeamMember && (
                <ConfirmButton
                  label="×"
                  className="link danger"
                  ariaLabel={`Remove ${nameOf(m.userId)} from ${team.name}`}
                  disabled={removeMember.isPending}
                  title={`Remove ${nameOf(m.userId)} from ${team.name}?`}
                  confirmLabel="Remove from team"
                  onConfirm={() => removeMember.mutate({ teamId: team.id, userId: m.userId })}
                >
                  <p>They stay a member of the organization; only the team changes. You can add them again later.</p>
                </ConfirmButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <ActionStatus mutation={removeMember} pending="Removing from team…" success="Removed from the team." errorMessage={organizationActionError} />
      {controls.addTeamMember && candidates.length > 0 && (
        <form className="row" onSubmit={onAdd}>
          <label className="visually-hidden" htmlFor={`team-add-${team.id}`}>
            Person to add to {team.name}
          </label>
          <select id={`team-add-${team.id}`} value={userId || NOTHING_CHOSEN} onChange={(e) => setUserId(chosenValue(e.target.value))}>
            <option value={NOTHING_CHOSEN} disabled>
              Choose a member…
            </option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.user.name || m.user.email}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary" disabled={add.isPending || !userId} aria-label={`Add to ${team.name}`}>
            Add to team
          </button>
        </form>
      )}
      <ActionStatus mutation={add} pending="Adding to team…" success="Added to the team." errorMessage={organizationActionError} />
    </li>
  );
}

function CreateTeamForm(): ReactElement {
  const create = useCreateTeam();
  const [name, setName] = useState("");
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    create.mutate({ name: name.trim() }, { onSuccess: () => setName("") });
  }
  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Create team">
      <label htmlFor="team-new-name">New team name</label>
      <input id="team-new-name" value={name} maxLength={256} required onChange={(e) => setName(e.target.value)} />
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Create team
        </button>
      </div>
      <ActionStatus mutation={create} pending="Creating team…" success="Team created." errorMessage={organizationActionError} />
    </form>
  );
}

/** Teams with their members; create, rename, delete and membership changes where spec §6 allows. */
/** "Nora Nash stays in the organization but leaves the team." (issue 48: "Its member (nora) stay…"). */
export function teamMembersLeaving(names: readonly string[]): string {
  if (names.length === 1) return `${names[0]} stays in the organization but leaves the team.`;
  const list = names.length === 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Its ${names.length} members, ${list}, stay in the organization but leave the team.`;
}

export function TeamsSection({ organization, controls }: { organization: WireFullOrganization; controls: OrganizationControls }): ReactElement {
  const removeTeam = useRemoveTeam();
  return (
    <Section id="teams" title="Teams">
      {organization.teams.length === 0 ? (
        <p className="muted">No teams yet.</p>
      ) : (
        <ul className="list" aria-label="Teams">
          {organization.teams.map((team) => (
            <TeamCard key={team.id} team={team} organization={organization} controls={controls} removeTeam={removeTeam} />
          ))}
        </ul>
      )}
      <ActionStatus mutation={removeTeam} pending="Deleting team…" success="Team deleted." errorMessage={organizationActionError} />
      {controls.createTeam && <CreateTeamForm />}
    </Section>
  );
}
