/** The email endpoints, one file each; this list is spread into the endpoint table. */
export const emailFlowEndpoints = [] as const;
