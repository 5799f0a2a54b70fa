import type { UseMutationResult } from "@tanstack/react-query";
import type { WireInvitation } from "@gatehouse/auth-core/shared";
import type { AuthClient } from "../../../lib/auth-client.js";
import { organizationRequest, useOrganizationMutation } from "./organization-request.js";

export interface InviteMemberInput {
  email: string;
  role: string;
  teamId?: string;
  /** Extends a live invitation to a fresh 48 hours and mails it again (same id, role and team). */
  resend?: boolean;
}

/** POST /organization/invite-member {email, role, teamId?}: mails an accept link valid 48 hours. */
export function inviteMember(client: AuthClient, input: InviteMemberInput): Promise<WireInvitation> {
  return organizationRequest<WireInvitation>(client, "/organization/invite-member", input);
}

export function useInviteMember(): UseMutationResult<WireInvitation, Error, InviteMemberInput> {
  return useOrganizationMutation("invite-member", inviteMember);
}
