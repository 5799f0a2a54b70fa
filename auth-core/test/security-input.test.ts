import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../src/testing/index.js";

/**
 * PostgreSQL text cannot hold U+0000: a NUL inside any input that reaches a query made the
 * answer a 500 ("invalid byte sequence"). Bad input is a 400 naming the field (spec §8 rule of
 * the README: never a 500), on both databases alike.
 */
describe.each(testDialects())("a NUL character in the input on %s", (dialect) => {
  let t: TestAuth;
  let b: TestBrowser;
  afterEach(async () => t.destroy());

  async function setup(): Promise<void> {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    b = createTestBrowser(t.auth);
    expect((await b.post("/sign-up/email", { name: "A", email: "a@example.com", password: "password-123" })).status).toBe(200);
    expect((await b.post("/organization/create", { name: "Org", slug: "org" })).status).toBe(200);
  }

  it.each<[string, string, Record<string, unknown> | undefined, string]>([
    ["POST", "/update-user", { name: "x\u0000" }, "body.name"],
    ["POST", "/revoke-session", { token: "\u0000" }, "body.token"],
    ["POST", "/organization/create", { name: "o\u0000", slug: "o2" }, "body.name"],
    ["POST", "/organization/check-slug", { slug: "\u0000" }, "body.slug"],
    ["POST", "/organization/set-active", { organizationId: "\u0000" }, "body.organizationId"],
    ["POST", "/organization/create-team", { name: "t\u0000" }, "body.name"],
    ["POST", "/organization/accept-invitation", { invitationId: "\u0000" }, "body.invitationId"],
    ["POST", "/organization/update-member-role", { memberId: "\u0000", role: "member" }, "body.memberId"],
    ["POST", "/organization/remove-member", { memberIdOrEmail: "a\u0000@x" }, "body.memberIdOrEmail"],
    ["POST", "/passkey/delete-passkey", { id: "\u0000" }, "body.id"],
    ["POST", "/passkey/update-passkey", { id: "\u0000", name: "x" }, "body.id"],
    ["POST", "/organization/create", { name: "o", slug: "o3", metadata: { nested: ["\u0000"] } }, "body.metadata.nested.0"],
    ["GET", "/organization/get-full-organization?organizationId=%00", undefined, "query.organizationId"],
    ["GET", "/organization/list-members?organizationId=%00", undefined, "query.organizationId"],
    ["GET", "/organization/get-invitation?id=%00", undefined, "query.id"],
  ])("%s %s answers 400 naming the field", async (method, path, body, field) => {
    await setup();
    const response = method === "GET" ? await b.get(path) : await b.post(path, body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { code: string; message: string };
    expect(answer.code).toBe("VALIDATION_ERROR");
    expect(answer.message).toContain(`[${field}]`);
  });

  it("a sign-up with a NUL in the name is refused and creates nothing", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const response = await createTestBrowser(t.auth).post("/sign-up/email", { name: "A\u0000", email: "n@example.com", password: "password-123" });
    expect(response.status).toBe(400);
    expect(await t.database.db.selectFrom("user").select("id").execute()).toEqual([]);
  });
});
