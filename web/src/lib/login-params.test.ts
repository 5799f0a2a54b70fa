import { describe, expect, it } from "vitest";
import { isAuthorizationContinuation, loginURLFor, readLoginParams, sanitizeLoginTarget } from "./login-params.js";

const ORIGIN = "http://localhost:3000";

function destinationOf(query: string): string {
  return readLoginParams(new URLSearchParams(query), ORIGIN).destination;
}

describe("the login redirect (spec §2: a single leading slash, same origin, else /)", () => {
  it.each([
    ["/settings", "/settings"],
    ["/settings?tab=sessions", "/settings?tab=sessions"],
    ["/reports?range=7d#top", "/reports?range=7d#top"],
    ["/", "/"],
    ["/search?q=a%20b", "/search?q=a%20b"],
  ])("keeps the same-origin path %j", (input, expected) => {
    expect(sanitizeLoginTarget(input, ORIGIN)).toBe(expected);
    expect(destinationOf(`redirect=${encodeURIComponent(input)}`)).toBe(expected);
  });

  it.each([
    "//evil.com",
    "//evil.com/settings",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "https://evil.com/settings",
    "http://localhost:3000.evil.com/",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "settings",
    " /settings",
    "",
    "/..//evil.com",
    "/%2e%2e//evil.com",
    "/./..//evil.com",
    // The server's rule, judged on every decoding (a later decode would make //evil.com).
    "/%2F%2Fevil.com",
    "/%252F%252Fevil.com",
    "/%0d%0aSet-Cookie:x=y",
    "/a%09/b",
  ])("turns the hostile or malformed %j into /", (input) => {
    expect(sanitizeLoginTarget(input, ORIGIN)).toBe("/");
    expect(destinationOf(`redirect=${encodeURIComponent(input)}`)).toBe("/");
  });

  it.each([undefined, null, 42, ["/settings"], { path: "/settings" }])("turns the non-string %j into /", (input) => {
    expect(sanitizeLoginTarget(input, ORIGIN)).toBe("/");
  });

  it("uses returnUrl when there is no redirect, and sanitises it the same way", () => {
    expect(destinationOf("returnUrl=%2Fabout")).toBe("/about");
    expect(destinationOf("returnUrl=%2F%2Fevil.com")).toBe("/");
    expect(destinationOf("redirect=%2Fusers&returnUrl=%2Fabout")).toBe("/users");
  });

  it("defaults to / after login, and Google returns to /login when no destination was given", () => {
    expect(readLoginParams(new URLSearchParams(""), ORIGIN)).toEqual({
      destination: "/",
      hasDestination: false,
      socialCallbackURL: "/login",
      error: null,
      authorizationURL: null,
    });
    expect(readLoginParams(new URLSearchParams("redirect=%2Fsettings"), ORIGIN).socialCallbackURL).toBe("/settings");
    expect(readLoginParams(new URLSearchParams("redirect=https%3A%2F%2Fevil.com"), ORIGIN).socialCallbackURL).toBe("/");
    expect(readLoginParams(new URLSearchParams("error=state_not_found"), ORIGIN).error).toBe("state_not_found");
  });

  it("continues another app's authorization (the server's signed query) after any way in, Google's callback included", () => {
    const query = "response_type=code&client_id=app1&scope=openid&exp=1&sig=abc";
    const params = readLoginParams(new URLSearchParams(query), ORIGIN);
    expect(params.authorizationURL).toBe(`/api/auth/oauth2/authorize?${query}`);
    expect(params.socialCallbackURL).toBe(`/api/auth/oauth2/authorize?${query}`);
    // The two-factor page gets it as its redirect, and loads it from the server after the second step.
    const afterSecondStep = readLoginParams(new URLSearchParams({ redirect: params.authorizationURL! }), ORIGIN).destination;
    expect(afterSecondStep).toBe(params.authorizationURL);
    expect(isAuthorizationContinuation(afterSecondStep)).toBe(true);
    expect(isAuthorizationContinuation("/settings")).toBe(false);
    // Unsigned, it is no authorization of the server's: an ordinary visit to /login.
    expect(readLoginParams(new URLSearchParams("client_id=app1"), ORIGIN).authorizationURL).toBeNull();
  });

  it.each([
    ["/settings?tab=sessions", "/login?redirect=%2Fsettings%3Ftab%3Dsessions"],
    ["/", "/login?redirect=%2F"],
    ["settings", "/login?redirect=%2F"],
  ])("builds the guard's /login URL for %j", (location, expected) => {
    expect(loginURLFor(location)).toBe(expected);
  });
});
