import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

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
    expect((await b.post("/sign-up/email", { name: "A", email: "a@example.com", password: "larch-ribbon-123" })).status).toBe(200);
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
    const response = await createTestBrowser(t.auth).post("/sign-up/email", { name: "A\u0000", email: "n@example.com", password: "larch-ribbon-123" });
    expect(response.status).toBe(400);
    expect(await t.database.db.selectFrom("user").select("id").execute()).toEqual([]);
  });
});

describe.each(testDialects())("request body size on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  // Every body this service takes is a small JSON or form post (the largest, a passkey
  // attestation or an ID token, is a few kilobytes). A body of any size used to be buffered
  // whole and parsed: an unauthenticated memory exhaustion.
  it("refuses a body over 1 MiB with 413 before parsing it, announced or streamed", async () => {
    t = await createTestAuth({ dialect });
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(2 * 1024 * 1024) });
    const announced = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: big,
      }),
      { clientAddress: "192.0.2.1" },
    );
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" });

    // A Request made in process can declare less than it holds: the declared length is no pass.
    const understated = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "64", origin: "http://localhost:3000" },
        body: big,
      }),
      { clientAddress: "192.0.2.3" },
    );
    expect(understated.status).toBe(413);
    // Counted in bytes: 600 000 two-byte characters are 1.2 MB.
    const wide = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "64", origin: "http://localhost:3000" },
        body: JSON.stringify({ email: "a@example.com", password: "\u00e9".repeat(600_000) }),
      }),
      { clientAddress: "192.0.2.4" },
    );
    expect(wide.status).toBe(413);

    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: stream,
        duplex: "half",
      } as RequestInit),
      { clientAddress: "192.0.2.2" },
    );
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(1024); // stopped reading, did not take the whole 64 MiB

    const normal = await createTestBrowser(t.auth).post("/sign-up/email", { name: "N", email: "n@example.com", password: "larch-ribbon-123" });
    expect(normal.status).toBe(200);
  });
});
