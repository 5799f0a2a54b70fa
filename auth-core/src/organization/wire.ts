import type { InvitationRow, MemberRow, OrganizationRow, TeamMemberRow, TeamRow } from "../store/database.js";
import type { MemberWithUserRow } from "../store/member-store.js";
import type { WireInvitation, WireMember, WireMemberWithUser, WireOrganization, WireTeam, WireTeamMember } from "../shared/wire-types.js";

/** Metadata is stored as JSON text; anything that is not a JSON object reads as null. */
function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function toWireOrganization(row: OrganizationRow): WireOrganization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    metadata: parseMetadata(row.metadata),
    requireTwoFactor: row.requireTwoFactor === 1,
    createdAt: row.createdAt,
  };
}

export function toWireMember(row: MemberRow): WireMember {
  return { id: row.id, organizationId: row.organizationId, userId: row.userId, role: row.role, createdAt: row.createdAt };
}

export function toWireMemberWithUser(row: MemberWithUserRow): WireMemberWithUser {
  const { user } = row;
  return { ...toWireMember(row.member), user: { id: user.id, name: user.name, email: user.email, image: user.image } };
}

export function toWireInvitation(row: InvitationRow): WireInvitation {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    role: row.role,
    status: row.status,
    teamId: row.teamId,
    inviterId: row.inviterId,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

export function toWireTeam(row: TeamRow): WireTeam {
  return { id: row.id, name: row.name, organizationId: row.organizationId, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export function toWireTeamMember(row: TeamMemberRow): WireTeamMember {
  return { id: row.id, teamId: row.teamId, userId: row.userId, createdAt: row.createdAt };
}
