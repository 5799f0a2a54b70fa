/** The social endpoints, one file each; this list is spread into the endpoint table. */
export const socialEndpoints = [] as const;
