import type { AuthContext } from "../context.js";
import type { ScimUserRow } from "../store/database.js";

/** SCIM 2.0's URNs (RFC 7643 §8.7, RFC 7644 §3.4.2, §3.5.2, §3.12). */
export const SCIM_USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
export const SCIM_RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
export const SCIM_SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

export function scimBase(ctx: AuthContext): string {
  return `${ctx.options.baseURL}${ctx.options.basePath}/scim/v2`;
}

export interface ScimUserResource {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { formatted?: string; givenName?: string; familyName?: string };
  displayName: string;
  emails: Array<{ value: string; primary: boolean; type: string }>;
  active: boolean;
  meta: { resourceType: "User"; created: string; lastModified: string; location: string; version: string };
}

/** A provisioned person as SCIM's User resource. */
export function toScimUser(ctx: AuthContext, row: ScimUserRow, user: { name: string; email: string }): ScimUserResource {
  const formatted = [row.givenName, row.familyName].filter(Boolean).join(" ");
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    name: {
      ...(formatted ? { formatted } : {}),
      ...(row.givenName ? { givenName: row.givenName } : {}),
      ...(row.familyName ? { familyName: row.familyName } : {}),
    },
    displayName: user.name,
    emails: [{ value: user.email, primary: true, type: "work" }],
    active: row.active === 1,
    meta: {
      resourceType: "User",
      created: row.createdAt,
      lastModified: row.updatedAt,
      location: `${scimBase(ctx)}/Users/${row.id}`,
      version: `W/"${Buffer.from(row.updatedAt).toString("base64url")}"`,
    },
  };
}
