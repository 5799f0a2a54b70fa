import { describe, expect, it } from "vitest";
import { actionErrorMessage } from "./error-messages.js";
import { TRPCClientError } from "@trpc/client";
import { WebAuthnError } from "@simplewebauthn/browser";
import { AuthNetworkError, AuthRequestError, isAuthError, isRemoteCallUnauthorized, PasskeysUnsupportedError } from "./auth-errors.js";
import { passkeyErrorMessage } from "./sign-in-errors.js";
import { authRequiredText, MESSAGES } from "./auth-messages.js";

function trpcError(code: string, httpStatus: number, message: string): TRPCClientError<never> {
  return TRPCClientError.from({ error: { message, code: -32001, data: { code, httpStatus } } } as never);
}

describe("a refusal that says how long to wait (issue 48: Too many attempts with no time)", () => {
  it.each([
    [12, "Too many attempts. Try again in 12 seconds."],
    [1, "Too many attempts. Try again in 1 second."],
    [600, "Too many attempts. Try again in 10 minutes."],
  ])("X-Retry-After %i → %j", (seconds, expected) => {
    expect(actionErrorMessage(new AuthRequestError(429, "TOO_MANY_REQUESTS", "Too many requests", seconds))).toBe(expected);
  });
  it("keeps the old sentence when the answer did not say", () => {
    expect(actionErrorMessage(new AuthRequestError(429, "TOO_MANY_REQUESTS", "Too many requests"))).toBe(
      "Too many attempts. Please wait a moment and try again.",
    );
  });
  it("tells a banned person's password sign-in why", () => {
    expect(actionErrorMessage(new AuthRequestError(403, "BANNED_USER", "You have been banned from this application"))).toMatch(/^This account is suspended/);
  });
});

describe("the auth error classifier (spec §8)", () => {
  it.each([
    [new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized"), true],
    [new AuthRequestError(403, "INVALID_ORIGIN", "Invalid origin"), true],
    [new Error("Unauthorized"), true],
    [new Error("request unauthenticated"), true],
    [new Error("Your Session Expired, sorry"), true],
    [new Error("HTTP 401"), true],
    [new Error("got a 403 back"), true],
    [{ status: 401 }, true],
    [trpcError("UNAUTHORIZED", 401, "You need to sign in to access this page."), true],
    [new AuthRequestError(400, "INVALID_PASSWORD", "Invalid password"), false],
    [new AuthRequestError(500, "FAILED_TO_CREATE_SESSION", "Failed to create session"), false],
    [new AuthNetworkError("request failed", { timedOut: false }), false],
    [new Error("Something else"), false],
    [null, false],
    ["401", false],
  ])("%o is an authentication error: %s", (error, expected) => {
    expect(isAuthError(error)).toBe(expected);
  });

  it("sends remote-call UNAUTHORIZED, or a remote-call message containing 401, to /login", () => {
    expect(isRemoteCallUnauthorized(trpcError("UNAUTHORIZED", 401, "You need to sign in to access this page."))).toBe(true);
    expect(isRemoteCallUnauthorized(trpcError("INTERNAL_SERVER_ERROR", 500, "upstream said 401"))).toBe(true);
    expect(isRemoteCallUnauthorized(trpcError("BAD_REQUEST", 400, "user already has a password"))).toBe(false);
    // An auth-service 401 is not a remote-call error: it shows Authentication Required instead.
    expect(isRemoteCallUnauthorized(new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized"))).toBe(false);
  });

  it("words the Authentication Required screen by the error (spec §2)", () => {
    expect(authRequiredText(new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized"))).toBe("Your session has expired. Please sign in again.");
    expect(authRequiredText(new Error("Unauthorized"))).toBe("Your session has expired. Please sign in again.");
    expect(authRequiredText(new AuthRequestError(403, "INVALID_ORIGIN", "Invalid origin"))).toBe("You need to sign in to access this page.");
    expect(authRequiredText(new Error("session expired"))).toBe("You need to sign in to access this page.");
  });

  it("shows the table's sentence for a code, else the server's message without a field path, or the network and generic messages", () => {
    expect(actionErrorMessage(new AuthRequestError(400, "FAILED_TO_UNLINK_LAST_ACCOUNT", "You can't unlink your last account"))).toBe(
      "This is your only way to sign in, so it can't be removed. Add another one first.",
    );
    expect(actionErrorMessage(new AuthRequestError(400, "SOME_NEW_CODE", "[body.image] Must be an https URL or a data:image URI"))).toBe(
      "Must be an https URL or a data:image URI",
    );
    expect(actionErrorMessage(new AuthRequestError(400, "VALIDATION_ERROR", "[body.email] Invalid email address"))).not.toMatch(/body|\[/);
    // Issue 48: the refusal names the field at fault, in words ("Some of what you entered…" named none).
    expect(actionErrorMessage(new AuthRequestError(400, "VALIDATION_ERROR", "[body.email] Invalid email address"))).toBe(
      "The email address you entered is not valid. Check it and try again.",
    );
    expect(actionErrorMessage(new AuthRequestError(400, "VALIDATION_ERROR", "[body.newPassword] Too big"))).toBe(
      "The password you entered is not valid. Check it and try again.",
    );
    // A field without a name in words keeps the general sentence, never the path.
    expect(actionErrorMessage(new AuthRequestError(400, "VALIDATION_ERROR", "[query.cursor] Invalid"))).toBe(
      "Some of what you entered is not valid. Please check it and try again.",
    );
    // Spec §7: the client's transform error stays the thrown error, but a person reads §8's Generic message.
    expect(actionErrorMessage(trpcError("INTERNAL_SERVER_ERROR", 500, "Unable to transform response from server"))).toBe(MESSAGES.generic);
    expect(actionErrorMessage(TRPCClientError.from(new Error("Unable to transform response from server")))).toBe(MESSAGES.generic);
    expect(actionErrorMessage(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe(MESSAGES.network);
    expect(actionErrorMessage(trpcError("BAD_REQUEST", 400, '[{"path":["name"],"message":"Too small"}]'))).toBe(MESSAGES.generic);
    expect(actionErrorMessage(trpcError("FORBIDDEN", 403, "Only an owner can change the organization's plan"))).toBe(
      "Only an owner can change the organization's plan",
    );
    expect(actionErrorMessage(new AuthNetworkError("request timed out after 30000 ms", { timedOut: true }))).toBe(MESSAGES.network);
    expect(actionErrorMessage(new TypeError("Failed to fetch"))).toBe("Network error. Please check your connection and try again.");
    expect(actionErrorMessage(new Error(""))).toBe("Something went wrong. Please try again.");
  });
});

describe("passkey messages (spec §8)", () => {
  const cause = new Error("cause");
  it.each([
    [new PasskeysUnsupportedError("no WebAuthn"), "authentication", "Your browser doesn't support passkeys."],
    [new AuthRequestError(404, "NO_PASSKEY_FOUND", "No passkey"), "authentication", "No passkey found for this account. Please sign in with Google first."],
    [
      new AuthRequestError(401, "PASSKEY_NOT_FOUND", "Passkey not found"),
      "authentication",
      "No passkey found for this account. Please sign in with Google first.",
    ],
    [new WebAuthnError({ message: "cancelled", code: "ERROR_CEREMONY_ABORTED", cause, name: "AbortError" }), "authentication", "auth cancelled"],
    [new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"), "authentication", "auth cancelled"],
    [new DOMException("The operation either timed out or was not allowed.", "NotAllowedError"), "registration", "registration cancelled"],
    [
      new WebAuthnError({ message: "again", code: "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED", cause, name: "InvalidStateError" }),
      "registration",
      "previously registered",
    ],
    [new AuthNetworkError("request failed", { timedOut: false }), "authentication", "Network error. Please check your connection and try again."],
    [new Error("???"), "authentication", "Something went wrong. Please try again."],
    // Issue 48: a banned person's passkey sign-in says why.
    [
      new AuthRequestError(403, "BANNED_USER", "You have been banned from this application"),
      "authentication",
      "This account is suspended, so it cannot sign in. Ask the administrator if you think this is a mistake.",
    ],
  ] as const)("%o during %s → %j", (error, ceremony, expected) => {
    expect(passkeyErrorMessage(error, ceremony)).toBe(expected);
  });
});
