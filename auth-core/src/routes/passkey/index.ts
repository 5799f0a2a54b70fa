/** The passkey endpoints, one file each; this list is spread into the endpoint table. */
export const passkeyEndpoints = [] as const;
