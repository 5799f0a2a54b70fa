import { TRPCError } from "@trpc/server";
import { APIError, resolveClientAddress, type Auth, type ClientInfo, type WireSessionResult } from "@gatehouse/auth-core";

/** What the sign-in screen offers beside Google and passkeys (server/src/env.ts: EMAIL_SIGN_IN). */
export interface SignInMethods {
  /** Email and password: sign in, create an account, forgot password. */
  email: boolean;
}

export interface TRPCContext {
  auth: Auth;
  /** Default: spec §1's screen (no email and password). */
  signIn?: SignInMethods;
  session: WireSessionResult | null;
  /** The request's headers (cookie, origin), passed on to auth.api calls made for the caller. */
  headers: Headers;
  /** Address, user agent and request id, for the audit rows a procedure writes. */
  client?: ClientInfo;
}

/** Plain inputs: what tests use. */
export function createContextInner(input: TRPCContext): TRPCContext {
  return input;
}

/** Reads the session from the request's cookie through auth-core's in-process door. */
export async function createContext(
  auth: Auth,
  request: Request,
  info: { clientAddress: string | null; requestId?: string; signIn?: SignInMethods } = { clientAddress: null },
): Promise<TRPCContext> {
  let session: WireSessionResult | null;
  try {
    session = await auth.api.getSession({ headers: request.headers, query: { disableRefresh: "true" } });
  } catch (error) {
    // The database is down: 503 like /api/auth, not a 500.
    if (error instanceof APIError && error.status === 503) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: error.message, cause: error });
    throw error;
  }
  const client: ClientInfo = {
    // The same rule as /api/auth: the socket's address unless a trusted proxy's header is configured.
    ipAddress: resolveClientAddress(request.headers, info.clientAddress, auth.context.options.ipAddressHeaders),
    userAgent: request.headers.get("user-agent"),
    requestId: info.requestId,
  };
  return createContextInner({ auth, session, headers: request.headers, client, signIn: info.signIn });
}
