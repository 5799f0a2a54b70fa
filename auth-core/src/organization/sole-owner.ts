import { APIError } from "../errors.js";
import type { DB } from "../store/database.js";
import { listMemberRoles, listMembershipsOfUser } from "../store/member-store.js";
import { lockOrganization } from "../store/organization-store.js";
import { countOwners, holdsOwnerRole } from "./roles.js";

/**
 * An organization always keeps an owner: 400 USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION when the
 * person is the only owner of one. Called inside the transaction that removes the person; each
 * organization they own is locked first (in id order), so a concurrent leave, removal or role
 * change of another owner waits and then sees this removal.
 */
export async function assertNotSoleOwner(trx: DB, userId: string): Promise<void> {
  for (const membership of await listMembershipsOfUser(trx, userId)) {
    if (!holdsOwnerRole(membership.role)) continue;
    await lockOrganization(trx, membership.organizationId);
    if (countOwners(await listMemberRoles(trx, membership.organizationId)) <= 1) throw APIError.from(400, "USER_IS_THE_ONLY_OWNER_OF_AN_ORGANIZATION");
  }
}
