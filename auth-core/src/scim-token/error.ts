/** SCIM 2.0's error message (RFC 7644 §3.12) and media type: every SCIM answer, the gate's 401 included. */
const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
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
