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

/** How an organization endpoint stands to the organization's two-factor rule (account/two-factor-rule.ts). */
type TwoFactorRuleDeclaration =
  /** It reads or changes the organization's data: refused (403 TWO_FACTOR_REQUIRED_BY_ORGANIZATION) to a member the rule stops. */
  | "applies"
  /** Left open, and why: the way in (turning two-factor on, seeing which organization asks) and the way out. */
  | { open: string };

/**
 * Every organization endpoint's place under the two-factor rule, in one table: a new endpoint
 * does not type-check until it is named here. The rule itself is one guard, applied where an
 * endpoint learns which organization it acts on and that the caller is a member of it
 * (organization/guards.ts `requireMember` / `requireActingMember`, and get-full-organization's
 * `assertMeetsTwoFactorRule` after its own membership check), so the organization checked is the
 * one acted on. The test security-operators-third-round.test.ts calls each endpoint of this table
 * as a member the rule stops and holds it to its line here.
 */
export const ORGANIZATION_TWO_FACTOR_RULE = {
  createOrganization: { open: "a new organization of one's own, whose rule is off" },
  checkOrganizationSlug: { open: "reads whether a slug is taken, no organization's data" },
  updateOrganization: "applies",
  deleteOrganization: "applies",
  getFullOrganization: "applies",
  setActiveOrganization: { open: "switching: the web app then reads the rule and shows the way to Settings" },
  listOrganizations: { open: "the person's own organizations, which carry requireTwoFactor" },
  getActiveMember: { open: "the person's own membership (its role)" },
  listMembers: "applies",
  removeMember: "applies",
  updateMemberRole: "applies",
  leaveOrganization: { open: "the way out" },
  createInvitation: "applies",
  acceptInvitation: { open: "the person's own invitation" },
  rejectInvitation: { open: "the person's own invitation" },
  cancelInvitation: "applies",
  getInvitation: { open: "the person's own invitation" },
  listInvitations: "applies",
  listUserInvitations: { open: "the person's own invitations" },
  createTeam: "applies",
  updateTeam: "applies",
  removeTeam: "applies",
  listOrganizationTeams: "applies",
  setActiveTeam: { open: "switching, as set-active" },
  listUserTeams: { open: "the person's own teams" },
  listTeamMembers: "applies",
  addTeamMember: "applies",
  removeTeamMember: "applies",
  hasPermission: "applies",
  getInvitationPreview: { open: "no session: the invited person has no account yet" },
  requestInvitationSignUp: { open: "no session: the invited person has no account yet" },
  invitationSignUpCallback: { open: "no session: the invited person has no account yet" },
} as const satisfies Record<(typeof organizationEndpoints)[number]["name"], TwoFactorRuleDeclaration>;
