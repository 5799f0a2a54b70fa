import { createApiKey } from "./create.js";
import { deleteApiKey } from "./delete.js";
import { getApiKey } from "./get.js";
import { listApiKeys } from "./list.js";
import { updateApiKey } from "./update.js";
import { verifyApiKey } from "./verify.js";

/** The API-key endpoints (better-auth 1.7's api-key plugin), one file each. */
export const apiKeyEndpoints = [createApiKey, verifyApiKey, getApiKey, updateApiKey, deleteApiKey, listApiKeys] as const;
