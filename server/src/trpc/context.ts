import type { Auth, WireSessionResult } from "@gatehouse/auth-core";

export interface TRPCContext {
  auth: Auth;
  session: WireSessionResult | null;
  /** The request's headers (cookie, origin), passed on to auth.api calls made for the caller. */
  headers: Headers;
}

/** Plain inputs: what tests use. */
export function createContextInner(input: TRPCContext): TRPCContext {
  return input;
}

/** Reads the session from the request's cookie through auth-core's in-process door. */
export async function createContext(auth: Auth, request: Request): Promise<TRPCContext> {
  const session = await auth.api.getSession({ headers: request.headers, query: { disableRefresh: "true" } });
  return createContextInner({ auth, session, headers: request.headers });
}
