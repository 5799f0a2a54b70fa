import { accountInfo } from "./account-info.js";
import { callback } from "./callback.js";
import { getAccessToken } from "./get-access-token.js";
import { linkSocial } from "./link-social.js";
import { listAccounts } from "./list-accounts.js";
import { refreshToken } from "./refresh-token.js";
import { signInAnonymous } from "./sign-in-anonymous.js";
import { signInSocial } from "./sign-in-social.js";
import { unlinkAccount } from "./unlink-account.js";

/** The social endpoints, one file each; this list is spread into the endpoint table. */
export const socialEndpoints = [
  signInSocial,
  callback,
  linkSocial,
  unlinkAccount,
  listAccounts,
  getAccessToken,
  refreshToken,
  accountInfo,
  signInAnonymous,
] as const;
