import { TRPCError } from "@trpc/server";
import { APIError, resolveClientAddress, type Auth, type ClientInfo, type WireSessionResult } from "@gatehouse/auth-core";
import type { Product } from "../product/index.js";
import { toTRPCError } from "./trpc-error.js";

/** What the sign-in screen offers beside Google and passkeys (server/src/env.ts: EMAIL_SIGN_IN, MAGIC_LINK, EMAIL_OTP). */
export interface SignInMethods {
  /** Email and password: sign in, create an account, forgot password. */
  email: boolean;
  /** A mailed sign-in link (MAGIC_LINK). */
  magicLink?: boolean;
  /** A mailed six-digit code (EMAIL_OTP). */
  emailOtp?: boolean;
}

export interface TRPCContext {
  auth: Auth;
  /** The product's services (audit views, plans, the operator console) over the same database. */
  product: Product;
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

/**
 * The refusal of a request that carries an API key (the configured header, while keys are on:
 * what /api/auth reads as one). Keys are for scripts calling the /api/auth endpoints that allow
 * them (docs/api-keys.md); the server's own doors (tRPC, the reports) take none, so none stands
 * for its owner (nor an admin) there. A key beside a cookie is refused too, not ignored, and the
 * key is not looked up (the refusal uses none of its limit). Null: no key.
 */
export function apiKeyRefusal(auth: Auth, headers: Headers): APIError | null {
  const keys = auth.context.options.apiKey;
  return keys.enabled && headers.has(keys.header) ? APIError.from(403, "API_KEY_NOT_ALLOWED") : null;
}

/** Reads the session from the request's cookie through auth-core's in-process door; a request with an API key is refused. */
export async function createContext(
  { auth, product }: { auth: Auth; product: Product },
  request: Request,
  info: { clientAddress: string | null; requestId?: string; signIn?: SignInMethods } = { clientAddress: null },
): Promise<TRPCContext> {
  const keyRefused = apiKeyRefusal(auth, request.headers);
  // Thrown here, every procedure of the request answers it (tRPC: 403 FORBIDDEN with the message).
  if (keyRefused) throw toTRPCError(keyRefused);
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
  return createContextInner({ auth, product, session, headers: request.headers, client, signIn: info.signIn });
}
