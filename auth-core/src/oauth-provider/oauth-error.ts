/**
 * An OAuth error answer (RFC 6749 §5.2): `{ error, error_description }` with its status. The
 * token, introspection, revocation and userinfo endpoints answer these instead of Gatehouse's
 * `{ code, message }`, as OAuth clients expect.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
    this.name = "OAuthError";
  }

  toResponse(): Response {
    const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store" };
    // RFC 6749 §5.2 and RFC 6750 §3: a refused client or token says how to authenticate.
    if (this.status === 401) headers["www-authenticate"] = this.error === "invalid_client" ? 'Basic realm="oauth"' : `Bearer error="${this.error}"`;
    return new Response(JSON.stringify({ error: this.error, error_description: this.description }), { status: this.status, headers });
  }
}

/** Runs an OAuth endpoint's work: an OAuthError becomes its answer; anything else goes to the router. */
export async function answerOAuth<T>(work: () => Promise<T>): Promise<T | Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuthError) return error.toResponse();
    throw error;
  }
}

/** A space-separated scope string as a list (no duplicates, no empty entries). */
export function parseScopes(value: string | null | undefined): string[] {
  return [...new Set((value ?? "").split(" ").filter(Boolean))];
}
