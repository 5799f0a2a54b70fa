import type { AuthContext } from "../context.js";
import type { ScimUserRow } from "../store/database.js";

/** SCIM 2.0's URNs (RFC 7643 §8.7, RFC 7644 §3.4.2, §3.5.2, §3.12). */
export const SCIM_USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
export const SCIM_RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
export const SCIM_SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

const SCIM_CONTENT_TYPE = "application/scim+json";

/** A SCIM answer: `application/scim+json`, never cached. */
export function scimResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": SCIM_CONTENT_TYPE, "cache-control": "no-store", ...headers },
  });
}

export type ScimErrorType = "uniqueness" | "invalidFilter" | "invalidValue" | "invalidSyntax" | "mutability" | "noTarget" | "invalidPath" | "tooMany";

/** RFC 7644 §3.12's error: the status as a string, a detail, and a scimType where one applies. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(detail);
    this.name = "ScimError";
  }

  toResponse(): Response {
    const body: Record<string, unknown> = { schemas: [SCIM_ERROR_SCHEMA], status: String(this.status), detail: this.detail };
    if (this.scimType) body.scimType = this.scimType;
    return scimResponse(body, this.status, this.status === 401 ? { "www-authenticate": 'Bearer realm="scim"' } : {});
  }
}

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
