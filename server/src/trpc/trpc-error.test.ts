import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { APIError } from "@gatehouse/auth-core";
import { toTRPCError } from "./trpc-error.js";

describe("toTRPCError", () => {
  it.each([
    [400, "VALIDATION_ERROR", "BAD_REQUEST"],
    [401, "UNAUTHORIZED", "UNAUTHORIZED"],
    [403, "API_KEY_NOT_ALLOWED", "FORBIDDEN"],
    [404, "NOT_FOUND", "NOT_FOUND"],
    [429, "TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS"],
    [500, "INTERNAL_SERVER_ERROR", "INTERNAL_SERVER_ERROR"],
  ] as const)("answers auth-core's %i %s as tRPC's %s with its message", (status, code, trpcCode) => {
    const refusal = APIError.from(status, code);
    const mapped = toTRPCError(refusal);
    expect(mapped).toBeInstanceOf(TRPCError);
    expect(mapped).toMatchObject({ code: trpcCode, message: refusal.message, cause: refusal });
  });

  it("passes anything else through as it is", () => {
    const failure = new Error("disk full");
    expect(toTRPCError(failure)).toBe(failure);
  });
});
