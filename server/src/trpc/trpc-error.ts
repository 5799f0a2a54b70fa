import { TRPCError } from "@trpc/server";
import { APIError } from "@gatehouse/auth-core";

/** An auth-core refusal keeps its spec §8 message; its status picks the tRPC code. */
export function toTRPCError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code =
    error.status === 401
      ? "UNAUTHORIZED"
      : error.status === 403
        ? "FORBIDDEN"
        : error.status === 404
          ? "NOT_FOUND"
          : error.status >= 500
            ? "INTERNAL_SERVER_ERROR"
            : "BAD_REQUEST";
  return new TRPCError({ code, message: error.message, cause: error });
}
