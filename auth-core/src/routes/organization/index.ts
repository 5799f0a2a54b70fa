import { acceptInvitation } from "./accept-invitation.js";
import { addTeamMember } from "./add-team-member.js";
import { cancelInvitation } from "./cancel-invitation.js";
import { checkOrganizationSlug } from "./check-slug.js";
import { createOrganization } from "./create.js";
import { createTeam } from "./create-team.js";
import { deleteOrganization } from "./delete.js";
import { getActiveMember } from "./get-active-member.js";
import { getFullOrganization } from "./get-full-organization.js";
import { getInvitation } from "./get-invitation.js";
import { getInvitationPreview, invitationSignUpCallback, requestInvitationSignUp } from "./invitation-sign-up.js";
import { hasPermission } from "./has-permission.js";
import { createInvitation } from "./invite-member.js";
import { leaveOrganization } from "./leave.js";
import { listOrganizations } from "./list.js";
import { listInvitations } from "./list-invitations.js";
import { listMembers } from "./list-members.js";
import { listTeamMembers } from "./list-team-members.js";
import { listOrganizationTeams } from "./list-teams.js";
import { listUserInvitations } from "./list-user-invitations.js";
import { listUserTeams } from "./list-user-teams.js";
import { rejectInvitation } from "./reject-invitation.js";
import { removeMember } from "./remove-member.js";
import { removeTeam } from "./remove-team.js";
import { removeTeamMember } from "./remove-team-member.js";
import { setActiveOrganization } from "./set-active.js";
import { setActiveTeam } from "./set-active-team.js";
import { updateOrganizationEndpoint } from "./update.js";
import { updateMemberRole } from "./update-member-role.js";
import { updateTeam } from "./update-team.js";

/** The organization endpoints, one file each; this list is spread into the endpoint table. */
export const organizationEndpoints = [
  createOrganization,
  checkOrganizationSlug,
  updateOrganizationEndpoint,
  deleteOrganization,
  getFullOrganization,
  setActiveOrganization,
  listOrganizations,
  getActiveMember,
  listMembers,
  removeMember,
  updateMemberRole,
  leaveOrganization,
  createInvitation,
  acceptInvitation,
  rejectInvitation,
  cancelInvitation,
  getInvitation,
  listInvitations,
  listUserInvitations,
  createTeam,
  updateTeam,
  removeTeam,
  listOrganizationTeams,
  setActiveTeam,
  listUserTeams,
  listTeamMembers,
  addTeamMember,
  removeTeamMember,
  hasPermission,
  // Invitations for people without an account.
  getInvitationPreview,
  requestInvitationSignUp,
  invitationSignUpCallback,
] as const;
