import { TRPCError } from "@trpc/server";
import { APIError } from "@gatehouse/auth-core";

type TRPCErrorCode = ConstructorParameters<typeof TRPCError>[0]["code"];

/** tRPC's code for each status an auth-core refusal answers with; any other 5xx is internal, any other 4xx a bad request. */
const CODE_BY_STATUS: Partial<Record<number, TRPCErrorCode>> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 429: "TOO_MANY_REQUESTS" };

/** An auth-core refusal keeps its spec §8 message; its status picks the tRPC code. */
export function toTRPCError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code = CODE_BY_STATUS[error.status] ?? (error.status >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST");
  return new TRPCError({ code, message: error.message, cause: error });
}
