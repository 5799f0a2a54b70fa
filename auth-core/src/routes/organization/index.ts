/** The organization endpoints, one file each; this list is spread into the endpoint table. */
export const organizationEndpoints = [] as const;
