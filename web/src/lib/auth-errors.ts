/**
 * Spec §8: which errors are authentication errors (the words are in auth-messages.ts).
 * Pure functions: the query client, the error screens and the forms all use them.
 */
/** An answer from /api/auth that was not 2xx: its status and the wire `{ code, message }`. */
export class AuthRequestError extends Error {
  override readonly name = "AuthRequestError";
  readonly status: number;
  readonly code: string | null;
  /** A 429's X-Retry-After: seconds until the server takes the call again (null when not said). */
  readonly retryAfterSeconds: number | null;
  constructor(status: number, code: string | null, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The request never got an answer: offline, refused, or the 30000 ms time-out (spec §9). */
export class AuthNetworkError extends Error {
  override readonly name = "AuthNetworkError";
  readonly timedOut: boolean;
  constructor(message: string, options: { timedOut: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut;
  }
}

/** The browser has no WebAuthn at all (spec §8: "Your browser doesn't support passkeys."). */
export class PasskeysUnsupportedError extends Error {
  override readonly name = "PasskeysUnsupportedError";
}

/** A 401 or 403 by status: the auth client's, or a remote call's `data.httpStatus`. */
export function readStatus(error: object): number | null {
  const record = error as { status?: unknown; data?: { httpStatus?: unknown } | null };
  if (typeof record.status === "number") return record.status;
  if (typeof record.data?.httpStatus === "number") return record.data.httpStatus;
  return null;
}

const AUTH_MESSAGE = /unauthorized|unauthenticated|session expired|401|403/i;

/** Spec §8: status 401 or 403, or a message naming one of those conditions. */
export function isAuthError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const status = readStatus(error);
  if (status === 401 || status === 403) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && AUTH_MESSAGE.test(message);
}

/** Spec §8: a remote-call error with code UNAUTHORIZED or a message containing 401 goes to /login. */
export function isRemoteCallUnauthorized(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const record = error as { name?: unknown; message?: unknown; data?: { code?: unknown } | null };
  if (record.name !== "TRPCClientError") return false;
  if (record.data?.code === "UNAUTHORIZED") return true;
  return typeof record.message === "string" && record.message.includes("401");
}
