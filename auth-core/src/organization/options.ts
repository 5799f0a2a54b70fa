/** Options of organizations. */
export interface OrganizationOptions {
  organization?: {
    /** Role given to the creator of an organization; default "owner" (spec §6). */
    creatorRole?: string;
    /** Whether signed-in users may create organizations; default true. */
    allowUserToCreateOrganization?: boolean;
    /** Organizations one user may belong to before create is refused; default unlimited. */
    organizationLimit?: number;
    /** Members an organization may hold; default 100. */
    membershipLimit?: number;
    /** Pending invitations an organization may hold; default 100. */
    invitationLimit?: number;
    /** Seconds an invitation stays valid; default 48 hours. */
    invitationExpiresIn?: number;
    /** Teams an organization may hold; default unlimited. */
    maximumTeams?: number;
    /** Members one team may hold; default unlimited. */
    maximumMembersPerTeam?: number;
    /** Only a user whose email is verified may accept an invitation; default false. */
    requireEmailVerificationOnInvitation?: boolean;
    /**
     * The accept link in the invitation mail, "{id}" replaced by the invitation id. Relative
     * links are resolved against the base URL. Default "/accept-invitation/{id}" (a web-app page
     * that calls get-invitation and accept-invitation).
     */
    invitationURL?: string;
    /**
     * The seats an organization has (a seat is a member or a live invitation): an invitation or
     * an acceptance past them is refused with 403 SEAT_LIMIT_REACHED. Asked with the organization
     * as read inside the transaction that locked it (its stored `plan`, which auth-core keeps and
     * never reads), so two additions cannot both take the last seat; answer without reading the
     * database again. null, or no hook (the default): no limit beyond membershipLimit. The server
     * gives its plans' rule (server/src/product/plans/).
     */
    seatLimit?: (organization: SeatHolder) => Promise<number | null>;
  };
}

/** What the seat-limit hook is told of an organization. */
export interface SeatHolder {
  id: string;
  /** The organization's stored plan (null when none is set). */
  plan: string | null;
}

export interface ResolvedOrganizationOptions {
  creatorRole: string;
  allowUserToCreateOrganization: boolean;
  organizationLimit: number;
  membershipLimit: number;
  invitationLimit: number;
  invitationExpiresIn: number;
  maximumTeams: number;
  maximumMembersPerTeam: number;
  requireEmailVerificationOnInvitation: boolean;
  invitationURL: string;
  seatLimit: ((organization: SeatHolder) => Promise<number | null>) | null;
}

const HOUR = 60 * 60;

export function resolveOrganizationOptions(options: OrganizationOptions): ResolvedOrganizationOptions {
  const o = options.organization ?? {};
  return {
    creatorRole: o.creatorRole ?? "owner",
    allowUserToCreateOrganization: o.allowUserToCreateOrganization ?? true,
    organizationLimit: o.organizationLimit ?? Number.POSITIVE_INFINITY,
    membershipLimit: o.membershipLimit ?? 100,
    invitationLimit: o.invitationLimit ?? 100,
    invitationExpiresIn: o.invitationExpiresIn ?? 48 * HOUR,
    maximumTeams: o.maximumTeams ?? Number.POSITIVE_INFINITY,
    maximumMembersPerTeam: o.maximumMembersPerTeam ?? Number.POSITIVE_INFINITY,
    requireEmailVerificationOnInvitation: o.requireEmailVerificationOnInvitation ?? false,
    invitationURL: o.invitationURL ?? "/accept-invitation/{id}",
    seatLimit: o.seatLimit ?? null,
  };
}
