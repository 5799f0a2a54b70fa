import { TRPCError } from "@trpc/server";
import { APIError, type Auth, type WireSessionResult } from "@gatehouse/auth-core";

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
  let session: WireSessionResult | null;
  try {
    session = await auth.api.getSession({ headers: request.headers, query: { disableRefresh: "true" } });
  } catch (error) {
    // The database is down: 503 like /api/auth, not a 500.
    if (error instanceof APIError && error.status === 503) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: error.message, cause: error });
    throw error;
  }
  return createContextInner({ auth, session, headers: request.headers });
}
