import { generateScimToken } from "./generate-token.js";
import { listScimTokensEndpoint, revokeScimToken } from "./manage-tokens.js";
import { scimResourceTypes, scimSchemas, scimServiceProviderConfig } from "./discovery.js";
import { scimGroup, scimGroups } from "./groups.js";
import { scimUser, scimUsers } from "./users.js";

/** SCIM provisioning (@better-auth/scim 1.7's wire, plus Gatehouse's token endpoints). */
export const scimEndpoints = [
  generateScimToken,
  listScimTokensEndpoint,
  revokeScimToken,
  scimServiceProviderConfig,
  scimResourceTypes,
  scimSchemas,
  scimUsers,
  scimUser,
  scimGroups,
  scimGroup,
] as const;
