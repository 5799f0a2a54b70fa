/**
 * Which Users-page controls the viewer gets (spec §6). Every decision goes through the shared
 * access-control functions, the same ones the server refuses with: the matrix exists once.
 */
import { assignableRoles, canGrantRoles, hasPermission, type OrganizationRole } from "@gatehouse/auth-core/shared";

export interface OrganizationControls {
  invite: boolean;
  /** The roles the invite form and the role picker offer (never above the viewer's own). */
  grantableRoles: OrganizationRole[];
  cancelInvitation: boolean;
  createTeam: boolean;
  renameTeam: boolean;
  deleteTeam: boolean;
  addTeamMember: boolean;
  removeTeamMember: boolean;
  /** Anyone may try to leave; the server refuses the last owner. */
  leave: boolean;
  /** Rename, change the slug. */
  updateOrganization: boolean;
  /** Delete the organization (owners). */
  deleteOrganization: boolean;
}

export interface MemberControls {
  changeRole: boolean;
  remove: boolean;
}

/** The controls that depend only on the viewer's role ("owner", "admin,member", …). */
export function organizationControls(viewerRole: string): OrganizationControls {
  return {
    invite: hasPermission(viewerRole, { invitation: ["create"] }),
    grantableRoles: assignableRoles(viewerRole),
    cancelInvitation: hasPermission(viewerRole, { invitation: ["cancel"] }),
    createTeam: hasPermission(viewerRole, { team: ["create"] }),
    renameTeam: hasPermission(viewerRole, { team: ["update"] }),
    deleteTeam: hasPermission(viewerRole, { team: ["delete"] }),
    addTeamMember: hasPermission(viewerRole, { member: ["update"] }),
    removeTeamMember: hasPermission(viewerRole, { member: ["delete"] }),
    leave: true,
    updateOrganization: hasPermission(viewerRole, { organization: ["update"] }),
    deleteOrganization: hasPermission(viewerRole, { organization: ["delete"] }),
  };
}

/**
 * The controls on one member's row: the matrix allows the action AND the viewer outranks or
 * equals every role the member holds (an admin cannot demote or remove an owner). The viewer's
 * own row has none: leaving is its own control.
 */
export function memberControls(viewerRole: string, target: { role: string; isSelf: boolean }): MemberControls {
  if (target.isSelf) return { changeRole: false, remove: false };
  const outranks = canGrantRoles(viewerRole, target.role);
  return {
    changeRole: outranks && hasPermission(viewerRole, { member: ["update"] }),
    remove: outranks && hasPermission(viewerRole, { member: ["delete"] }),
  };
}
