/** Options of organizations. Owned by the organization issue. */
export interface OrganizationOptions {
  organization?: {
    /** Role given to the creator of an organization; default "owner" (spec §6). */
    creatorRole?: string;
  };
}

export interface ResolvedOrganizationOptions {
  creatorRole: string;
}

export function resolveOrganizationOptions(options: OrganizationOptions): ResolvedOrganizationOptions {
  return { creatorRole: options.organization?.creatorRole ?? "owner" };
}
