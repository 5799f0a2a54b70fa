import { deletePasskey } from "./delete-passkey.js";
import { generatePasskeyAuthenticationOptions } from "./generate-authenticate-options.js";
import { generatePasskeyRegistrationOptions } from "./generate-register-options.js";
import { listPasskeys } from "./list-user-passkeys.js";
import { updatePasskey } from "./update-passkey.js";
import { verifyPasskeyAuthentication } from "./verify-authentication.js";
import { verifyPasskeyRegistration } from "./verify-registration.js";

/** The passkey endpoints, one file each; this list is spread into the endpoint table. */
export const passkeyEndpoints = [
  generatePasskeyRegistrationOptions,
  verifyPasskeyRegistration,
  generatePasskeyAuthenticationOptions,
  verifyPasskeyAuthentication,
  listPasskeys,
  deletePasskey,
  updatePasskey,
] as const;
