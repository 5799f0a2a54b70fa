import { banUserEndpoint } from "./ban-user.js";
import { createUserEndpoint } from "./create-user.js";
import { getUserEndpoint } from "./get-user.js";
import { userHasPermissionEndpoint } from "./has-permission.js";
import { impersonateUserEndpoint } from "./impersonate-user.js";
import { listUserSessionsEndpoint } from "./list-user-sessions.js";
import { listUsersEndpoint } from "./list-users.js";
import { removeUserEndpoint } from "./remove-user.js";
import { revokeUserSessionEndpoint } from "./revoke-user-session.js";
import { revokeUserSessionsEndpoint } from "./revoke-user-sessions.js";
import { setRoleEndpoint } from "./set-role.js";
import { setUserPasswordEndpoint } from "./set-user-password.js";
import { stopImpersonatingEndpoint } from "./stop-impersonating.js";
import { unbanUserEndpoint } from "./unban-user.js";
import { adminUpdateUserEndpoint } from "./update-user.js";

/** The operators' endpoints: better-auth 1.7's admin plugin endpoints, under /admin. */
export const adminEndpoints = [
  listUsersEndpoint,
  getUserEndpoint,
  createUserEndpoint,
  adminUpdateUserEndpoint,
  setRoleEndpoint,
  setUserPasswordEndpoint,
  banUserEndpoint,
  unbanUserEndpoint,
  listUserSessionsEndpoint,
  revokeUserSessionEndpoint,
  revokeUserSessionsEndpoint,
  impersonateUserEndpoint,
  stopImpersonatingEndpoint,
  removeUserEndpoint,
  userHasPermissionEndpoint,
] as const;
