import { defineEndpoint } from "../../endpoint.js";
import { SCIM_GROUP_SCHEMA } from "../../scim/groups.js";
import { SCIM_LIST_SCHEMA, SCIM_RESOURCE_TYPE_SCHEMA, SCIM_SCHEMA_SCHEMA, SCIM_SPC_SCHEMA, SCIM_USER_SCHEMA, scimBase } from "../../scim/wire.js";
import { ScimError, scimResponse } from "../../scim-token/error.js";

/** Every SCIM answer, refusals included, in SCIM's media type and error shape. */
export async function answerScim(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ScimError) return error.toResponse();
    throw error;
  }
}

/** RFC 7644 §5: what this service provider supports. */
export const scimServiceProviderConfig = defineEndpoint({
  name: "getSCIMServiceProviderConfig",
  method: "GET",
  path: "/scim/v2/ServiceProviderConfig",
  session: "none",
  caller: "scim-token",
  rateLimit: "default",
  audit: { none: "a read" },
  handler: async ({ ctx }) => {
    return scimResponse({
      schemas: [SCIM_SPC_SCHEMA],
      documentationUri: "https://github.com/gatehouse/gatehouse/blob/main/docs/enterprise-sso.md",
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: 100 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        { type: "oauthbearertoken", name: "OAuth Bearer Token", description: "The organization's provisioning token, as a bearer token", primary: true },
      ],
      meta: { resourceType: "ServiceProviderConfig", location: `${scimBase(ctx)}/ServiceProviderConfig` },
    });
  },
});

function userResourceType(base: string) {
  return {
    schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "A person of the organization",
    schema: SCIM_USER_SCHEMA,
    meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` },
  };
}

/** RFC 7644 §4: the resource types (User), as a ListResponse. */
export const scimResourceTypes = defineEndpoint({
  name: "getSCIMResourceTypes",
  method: "GET",
  path: "/scim/v2/ResourceTypes",
  session: "none",
  caller: "scim-token",
  rateLimit: "default",
  audit: { none: "a read" },
  handler: async ({ ctx }) => {
    const base = scimBase(ctx);
    const resources = [
      userResourceType(base),
      {
        schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
        id: "Group",
        name: "Group",
        endpoint: "/Groups",
        description: "A team of the organization",
        schema: SCIM_GROUP_SCHEMA,
        meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` },
      },
    ];
    return scimResponse({ schemas: [SCIM_LIST_SCHEMA], totalResults: resources.length, itemsPerPage: resources.length, startIndex: 1, Resources: resources });
  },
});

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

/** RFC 7643 §7: the User schema's attributes that Gatehouse keeps. */
export const scimSchemas = defineEndpoint({
  name: "getSCIMSchemas",
  method: "GET",
  path: "/scim/v2/Schemas",
  session: "none",
  caller: "scim-token",
  rateLimit: "default",
  audit: { none: "a read" },
  handler: async ({ ctx }) => {
    const user = {
      schemas: [SCIM_SCHEMA_SCHEMA],
      id: SCIM_USER_SCHEMA,
      name: "User",
      description: "User Account",
      attributes: [
        attribute("userName", "string", { required: true, uniqueness: "server" }),
        attribute("externalId", "string", { caseExact: true }),
        attribute("name", "complex", {
          subAttributes: [attribute("givenName", "string"), attribute("familyName", "string"), attribute("formatted", "string")],
        }),
        attribute("displayName", "string"),
        attribute("emails", "complex", {
          multiValued: true,
          subAttributes: [attribute("value", "string"), attribute("primary", "boolean"), attribute("type", "string")],
        }),
        attribute("active", "boolean"),
      ],
      meta: { resourceType: "Schema", location: `${scimBase(ctx)}/Schemas/${SCIM_USER_SCHEMA}` },
    };
    const group = {
      schemas: [SCIM_SCHEMA_SCHEMA],
      id: SCIM_GROUP_SCHEMA,
      name: "Group",
      description: "Group (a team)",
      attributes: [
        attribute("displayName", "string", { required: true }),
        attribute("externalId", "string", { caseExact: true }),
        attribute("members", "complex", {
          multiValued: true,
          subAttributes: [attribute("value", "string", { mutability: "immutable" }), attribute("display", "string", { mutability: "readOnly" })],
        }),
      ],
      meta: { resourceType: "Schema", location: `${scimBase(ctx)}/Schemas/${SCIM_GROUP_SCHEMA}` },
    };
    return scimResponse({ schemas: [SCIM_LIST_SCHEMA], totalResults: 2, itemsPerPage: 2, startIndex: 1, Resources: [user, group] });
  },
});
