import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBrowser, readJSON, seedOrganization, signUpPerson, statementsOf, testDialects, TEST_BASE_URL, type TestPerson } from "../testing/index.js";
import type { WireFullOrganization, WireSessionResult } from "../src/shared/wire-types.js";
import { createRecordingMailer } from "../testing/organization.js";
import { createSsoWorld, type SsoWorld } from "./sso-support.js";
import { endpoints } from "../src/routes/index.js";
import type { AnyEndpoint } from "../src/endpoint.js";
import { admitCaller } from "../src/gate/gate.js";

const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

interface ScimUser {
  schemas: string[];
  id: string;
  userName: string;
  active: boolean;
  name: { givenName?: string; familyName?: string };
  meta: { resourceType: string };
}

describe.each(testDialects())("SCIM provisioning on %s", (dialect) => {
  let world: SsoWorld;
  let tokenA: string;
  let tokenB: string;
  let ownerB: TestPerson;
  let organizationB: string;

  /** A directory's request: bearer token, SCIM's media type, no cookie, no Origin (a server). */
  async function scim(method: string, path: string, token: string | null, body?: unknown, extra: Record<string, string> = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: "application/scim+json", ...extra };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/scim+json";
    return world.t.auth.handler(
      new Request(`${TEST_BASE_URL}/api/auth/scim/v2${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      { clientAddress: "10.0.0.9" },
    );
  }

  function newUser(userName: string, extra: Record<string, unknown> = {}) {
    return {
      schemas: [USER_SCHEMA],
      userName,
      externalId: `ext-${userName}`,
      name: { givenName: "Pat", familyName: "Provisioned" },
      emails: [{ value: userName, primary: true }],
      active: true,
      ...extra,
    };
  }

  const mailer = createRecordingMailer();
  beforeAll(async () => {
    world = await createSsoWorld(dialect, null, mailer);
    ownerB = await signUpPerson(world.t.auth, "Bea B", `bea-${Date.now()}@example.org`);
    organizationB = (await seedOrganization(world.t.auth, { [ownerB.userId]: "owner" })).organizationId;
    tokenA = (await readJSON<{ scimToken: string }>(await world.owner.browser.post("/scim/generate-token", { organizationId: world.organizationId })))
      .scimToken;
    tokenB = (await readJSON<{ scimToken: string }>(await ownerB.browser.post("/scim/generate-token", { organizationId: organizationB }))).scimToken;
  });
  afterAll(async () => {
    await world.destroy();
  });

  it("issues a new token on every call to an owner or admin only", async () => {
    const again = await world.admin.browser.post("/scim/generate-token", { organizationId: world.organizationId });
    expect(again.status).toBe(200);
    const { scimToken } = await readJSON<{ scimToken: string }>(again);
    expect(scimToken).not.toBe(tokenA);
    expect((await createTestBrowser(world.t.auth).post("/scim/generate-token", { organizationId: world.organizationId })).status).toBe(401);
    expect((await world.member.browser.post("/scim/generate-token", { organizationId: world.organizationId })).status).toBe(403);
    expect([400, 403]).toContain((await world.outsider.browser.post("/scim/generate-token", { organizationId: world.organizationId })).status);
    // Only a hash is kept.
    const rows = await world.t.auth.context.db.selectFrom("scimToken").select("tokenHash").execute();
    expect(rows.map((r) => r.tokenHash)).not.toContain(scimToken);
  });

  it("lists the organization's tokens with their last use (never their value) and revokes one: it answers 401 from then on", async () => {
    world.t.clock.advance(60_000); // the newest token lists first
    const { scimToken } = await readJSON<{ scimToken: string }>(
      await world.owner.browser.post("/scim/generate-token", { organizationId: world.organizationId }),
    );
    expect((await scim("GET", "/Users", scimToken)).status).toBe(200);
    const listed = await world.owner.browser.get(`/scim/list-tokens?organizationId=${world.organizationId}`);
    const text = await listed.text();
    expect(text).not.toContain(scimToken);
    const { tokens } = JSON.parse(text) as { tokens: Array<{ id: string; lastUsedAt: string | null; createdAt: string }> };
    const newest = tokens[0]!;
    expect(newest.lastUsedAt).not.toBeNull();
    expect((await world.member.browser.get(`/scim/list-tokens?organizationId=${world.organizationId}`)).status).toBe(403);
    expect((await world.member.browser.post("/scim/revoke-token", { organizationId: world.organizationId, tokenId: newest.id })).status).toBe(403);
    // Another organization's owner names A's token under B: nothing to revoke there.
    expect((await ownerB.browser.post("/scim/revoke-token", { organizationId: organizationB, tokenId: newest.id })).status).toBe(404);
    expect((await scim("GET", "/Users", scimToken)).status).toBe(200);
    expect(await readJSON(await world.owner.browser.post("/scim/revoke-token", { organizationId: world.organizationId, tokenId: newest.id }))).toEqual({
      success: true,
    });
    expect((await scim("GET", "/Users", scimToken)).status).toBe(401);
    expect((await scim("GET", "/Users", tokenA)).status).toBe(200);
  });

  it("describes itself: ServiceProviderConfig, ResourceTypes, Schemas", async () => {
    const config = await scim("GET", "/ServiceProviderConfig", tokenA);
    expect(config.status).toBe(200);
    expect(config.headers.get("content-type")).toContain("application/scim+json");
    const body = await readJSON<{
      schemas: string[];
      patch: { supported: boolean };
      filter: { supported: boolean };
      authenticationSchemes: Array<{ type: string }>;
    }>(config);
    expect(body.schemas).toContain("urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig");
    expect(body.patch.supported).toBe(true);
    expect(body.filter.supported).toBe(true);
    expect(body.authenticationSchemes.some((s) => /bearer/i.test(s.type))).toBe(true);
    const types = await readJSON<{ Resources: Array<{ name: string; endpoint: string }> }>(await scim("GET", "/ResourceTypes", tokenA));
    expect(types.Resources).toContainEqual(expect.objectContaining({ name: "User", endpoint: "/Users" }));
    expect(types.Resources).toContainEqual(expect.objectContaining({ name: "Group", endpoint: "/Groups" }));
    expect(await (await scim("GET", "/Schemas", tokenA)).text()).toContain(USER_SCHEMA);
  });

  it("refuses a missing, made-up or altered token, and a session cookie without one, with SCIM's 401", async () => {
    const altered = tokenA.slice(0, -1) + (tokenA.endsWith("a") ? "b" : "a");
    const cookie = world.owner.browser.cookieHeader();
    for (const [label, response] of [
      ["missing", await scim("GET", "/Users", null)],
      ["made up", await scim("GET", "/Users", "scim_madeup")],
      ["altered", await scim("GET", "/Users", altered)],
      ["cookie", await scim("GET", "/Users", null, undefined, { cookie })],
    ] as const) {
      expect(response.status, label).toBe(401);
      expect(response.headers.get("content-type"), label).toContain("application/scim+json");
      const error = await readJSON<{ schemas: string[]; status: string; detail: string }>(response);
      expect(error.schemas, label).toEqual([ERROR_SCHEMA]);
      expect(error.status, label).toBe("401");
      expect(error.detail.length, label).toBeGreaterThan(0);
    }
  });

  it("a provisioning token is a caller kind of the gate: SCIM's endpoints declare it and get its organization; no other endpoint takes it", async () => {
    const table = endpoints as readonly AnyEndpoint[];
    const scimV2 = table.filter((e) => e.path.startsWith("/scim/v2/"));
    expect(scimV2.length).toBeGreaterThanOrEqual(7);
    expect(scimV2.filter((e) => e.caller !== "scim-token").map((e) => e.name)).toEqual([]);
    expect(table.filter((e) => e.caller === "scim-token" && !e.path.startsWith("/scim/v2/")).map((e) => e.name)).toEqual([]);
    const client = { ipAddress: "10.0.0.9", userAgent: null };
    const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
    const users = table.find((e) => e.name === "scimUsers")!;
    expect(await admitCaller(world.t.auth.context, users, bearer(tokenA), client, "request")).toMatchObject({
      kind: "scim-token",
      organizationId: world.organizationId,
    });
    expect(await admitCaller(world.t.auth.context, users, bearer(tokenB), client, "request")).toMatchObject({
      kind: "scim-token",
      organizationId: organizationB,
    });
    // Refused by the gate itself, in SCIM's shape, before the handler (and before the input is read).
    const refusal = await admitCaller(world.t.auth.context, users, bearer("scim_madeup"), client, "request").catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 401 });
    // Elsewhere a provisioning token is no one's session.
    const getSession = table.find((e) => e.name === "getSession")!;
    expect(await admitCaller(world.t.auth.context, getSession, bearer(tokenA), client, "request")).toEqual({ kind: "nobody" });
  });

  it("provisions a person as Okta does: filter first, then create (201), a member without a password who can set one by reset", async () => {
    const userName = `pat-${Date.now()}@acme.test`;
    const lookup = await readJSON<{ schemas: string[]; totalResults: number; Resources: unknown[] }>(
      await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`, tokenA),
    );
    expect(lookup).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 0, Resources: [] });

    const created = await scim("POST", "/Users", tokenA, newUser(userName));
    expect(created.status).toBe(201);
    expect(created.headers.get("content-type")).toContain("application/scim+json");
    const user = await readJSON<ScimUser>(created);
    expect(user.schemas).toContain(USER_SCHEMA);
    expect(user).toMatchObject({ userName, active: true, name: { givenName: "Pat" }, meta: { resourceType: "User" } });
    expect(typeof user.id).toBe("string");

    const full = await readJSON<WireFullOrganization>(
      await world.owner.browser.get(`/organization/get-full-organization?organizationId=${world.organizationId}`),
    );
    expect(full.members.filter((m) => m.user.email === userName).map((m) => m.role)).toEqual(["member"]);
    const accounts = await world.t.auth.context.db
      .selectFrom("account")
      .innerJoin("user", "user.id", "account.userId")
      .select("account.password")
      .where("user.email", "=", userName)
      .execute();
    expect(accounts.every((a) => a.password === null)).toBe(true);

    const found = await readJSON<{ totalResults: number; Resources: ScimUser[] }>(
      await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`, tokenA),
    );
    expect(found.totalResults).toBe(1);
    expect(found.Resources[0]!.id).toBe(user.id);
    const read = await scim("GET", `/Users/${user.id}`, tokenA);
    expect(read.status).toBe(200);
    expect((await readJSON<ScimUser>(read)).userName).toBe(userName);

    expect((await scim("POST", "/Users", tokenA, newUser(userName))).status).toBe(409);
    const duplicate = await readJSON<{ scimType: string; status: string }>(await scim("POST", "/Users", tokenA, newUser(userName)));
    expect(duplicate).toMatchObject({ scimType: "uniqueness", status: "409" });
    const { userName: _omitted, ...withoutUserName } = newUser("nobody@acme.test");
    const missing = await scim("POST", "/Users", tokenA, withoutUserName);
    expect(missing.status).toBe(400);
    expect(missing.headers.get("content-type")).toContain("application/scim+json");
  });

  it("lists a page of people with their rows read in one statement, not one a person, paged by startIndex and count", async () => {
    const names = ["list-1", "list-2", "list-3"].map((name) => `${name}-${Date.now()}@acme.test`);
    for (const name of names) expect((await scim("POST", "/Users", tokenA, newUser(name))).status).toBe(201);
    const context = world.t.auth.context;
    const db = context.db;
    let page: { totalResults: number; itemsPerPage: number; startIndex: number; Resources: ScimUser[] } | undefined;
    const sent = await statementsOf(db, async (counted) => {
      context.db = counted;
      try {
        page = await readJSON(await scim("GET", "/Users?startIndex=1&count=100", tokenA));
      } finally {
        context.db = db;
      }
    });
    expect(page!.Resources.map((user) => user.userName)).toEqual(expect.arrayContaining(names));
    expect(page!.itemsPerPage).toBe(page!.totalResults);
    expect(sent.filter((statement) => /from "user"/.test(statement.sql))).toHaveLength(1);
    const second = await readJSON<{ totalResults: number; itemsPerPage: number; startIndex: number; Resources: ScimUser[] }>(
      await scim("GET", "/Users?startIndex=2&count=1", tokenA),
    );
    expect(second).toMatchObject({ totalResults: page!.totalResults, itemsPerPage: 1, startIndex: 2 });
    expect(second.Resources[0]!.id).toBe(page!.Resources[1]!.id);
  });

  it("deactivates (every session ends, sign-in refused) and reactivates as Entra does", async () => {
    const userName = `dee-${Date.now()}@acme.test`;
    const user = await readJSON<ScimUser>(await scim("POST", "/Users", tokenA, newUser(userName)));
    // The person sets a password through the ordinary reset and signs in.
    const browser = createTestBrowser(world.t.auth);
    expect(await setPasswordByReset(userName)).toBe(true);
    const signIn = await browser.post("/sign-in/email", { email: userName, password: "a new long passphrase 42" });
    expect(signIn.status).toBe(200);
    expect((await readJSON<WireSessionResult | null>(await browser.get("/get-session")))?.user.email).toBe(userName);

    const patched = await scim("PATCH", `/Users/${user.id}`, tokenA, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: "Replace", path: "active", value: "False" }],
    });
    expect(patched.status).toBe(200);
    expect((await readJSON<ScimUser>(patched)).active).toBe(false);
    expect(await readJSON(await browser.get("/get-session"))).toBeNull();
    const refused = createTestBrowser(world.t.auth);
    const again = await refused.post("/sign-in/email", { email: userName, password: "a new long passphrase 42" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(refused.cookies.size).toBe(0);

    const reactivated = await scim("PATCH", `/Users/${user.id}`, tokenA, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", value: { active: true } }] });
    expect((await readJSON<ScimUser>(reactivated)).active).toBe(true);
    expect((await refused.post("/sign-in/email", { email: userName, password: "a new long passphrase 42" })).status).toBe(200);
  });

  it("does not let a directory deactivate an operator of the service (403), whose access stays", async () => {
    const userName = `op-${Date.now()}@acme.test`;
    const user = await readJSON<ScimUser>(await scim("POST", "/Users", tokenA, newUser(userName)));
    await world.t.auth.context.db.updateTable("user").set({ role: "admin" }).where("email", "=", userName).execute();
    const refused = await scim("PATCH", `/Users/${user.id}`, tokenA, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: "replace", path: "active", value: false }],
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/scim+json");
    const row = await world.t.auth.context.db.selectFrom("user").select(["banned"]).where("email", "=", userName).executeTakeFirstOrThrow();
    expect(row.banned).toBe(0);
    expect((await readJSON<ScimUser>(await scim("GET", `/Users/${user.id}`, tokenA))).active).toBe(true);
  });

  it("deletes (204): then 404 on read and on a second delete, the filter finds nothing, the person is no member", async () => {
    const userName = `del-${Date.now()}@acme.test`;
    const user = await readJSON<ScimUser>(await scim("POST", "/Users", tokenA, newUser(userName)));
    expect((await scim("DELETE", `/Users/${user.id}`, tokenA)).status).toBe(204);
    expect((await scim("GET", `/Users/${user.id}`, tokenA)).status).toBe(404);
    expect((await scim("DELETE", `/Users/${user.id}`, tokenA)).status).toBe(404);
    const found = await readJSON<{ totalResults: number }>(await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`, tokenA));
    expect(found.totalResults).toBe(0);
    const full = await readJSON<WireFullOrganization>(
      await world.owner.browser.get(`/organization/get-full-organization?organizationId=${world.organizationId}`),
    );
    expect(full.members.some((m) => m.user.email === userName)).toBe(false);
  });

  it("keeps organization B's token away from A's people", async () => {
    const userName = `iso-${Date.now()}@acme.test`;
    const user = await readJSON<ScimUser>(await scim("POST", "/Users", tokenA, newUser(userName)));
    const list = await readJSON<{ Resources: ScimUser[] }>(await scim("GET", "/Users", tokenB));
    expect(list.Resources.map((r) => r.id)).not.toContain(user.id);
    const filtered = await readJSON<{ totalResults: number }>(await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`, tokenB));
    expect(filtered.totalResults).toBe(0);
    const hidden = await scim("GET", `/Users/${user.id}`, tokenB);
    expect(hidden.status).toBe(404);
    // Errors too are SCIM's: its media type and error shape.
    expect(hidden.headers.get("content-type")).toContain("application/scim+json");
    expect(await readJSON(hidden)).toMatchObject({ schemas: [ERROR_SCHEMA], status: "404" });
    expect(
      (await scim("PATCH", `/Users/${user.id}`, tokenB, { schemas: [PATCH_SCHEMA], Operations: [{ op: "replace", path: "active", value: false }] })).status,
    ).toBe(404);
    expect((await scim("DELETE", `/Users/${user.id}`, tokenB)).status).toBe(404);
    const still = await readJSON<ScimUser>(await scim("GET", `/Users/${user.id}`, tokenA));
    expect(still.active).toBe(true);
    const full = await readJSON<WireFullOrganization>(
      await world.owner.browser.get(`/organization/get-full-organization?organizationId=${world.organizationId}`),
    );
    expect(full.members.some((m) => m.user.email === userName)).toBe(true);
    const inB = await world.t.auth.context.db.selectFrom("member").selectAll().where("organizationId", "=", organizationB).execute();
    expect(inB.map((m) => m.userId)).toEqual([ownerB.userId]);
  });

  it("pushes groups as Okta does: a Group is a team of the token's organization, with its members in and out", async () => {
    const pat = await readJSON<ScimUser>(await scim("POST", "/Users", tokenA, newUser(`grp-pat-${Date.now()}@acme.test`)));
    const sam = await readJSON<ScimUser>(await scim("POST", "/Users", tokenA, newUser(`grp-sam-${Date.now()}@acme.test`)));
    const lookup = await readJSON<{ totalResults: number }>(await scim("GET", `/Groups?filter=${encodeURIComponent('displayName eq "Engineering"')}`, tokenA));
    expect(lookup.totalResults).toBe(0);
    const created = await scim("POST", "/Groups", tokenA, { schemas: [GROUP_SCHEMA], displayName: "Engineering", members: [] });
    expect(created.status).toBe(201);
    const group = await readJSON<{ id: string; displayName: string; members: Array<{ value: string }> }>(created);
    expect(group).toMatchObject({ displayName: "Engineering", members: [] });
    expect((await scim("POST", "/Groups", tokenA, { schemas: [GROUP_SCHEMA], displayName: "Engineering" })).status).toBe(409);

    const added = await scim("PATCH", `/Groups/${group.id}`, tokenA, {
      schemas: [PATCH_SCHEMA],
      Operations: [{ op: "add", path: "members", value: [{ value: pat.id }, { value: sam.id }] }],
    });
    expect(added.status).toBe(200);
    expect((await readJSON<{ members: Array<{ value: string }> }>(added)).members.map((m) => m.value).sort()).toEqual([pat.id, sam.id].sort());
    const teamMembers = await readJSON<Array<{ userId: string }>>(await world.owner.browser.get(`/organization/list-team-members?teamId=${group.id}`));
    expect(teamMembers).toHaveLength(2);

    const removed = await scim("PATCH", `/Groups/${group.id}`, tokenA, {
      schemas: [PATCH_SCHEMA],
      Operations: [
        { op: "remove", path: `members[value eq "${sam.id}"]` },
        { op: "replace", value: { displayName: "Platform" } },
      ],
    });
    expect(await readJSON(removed)).toMatchObject({ displayName: "Platform", members: [{ value: pat.id }] });
    // Another organization's token neither sees nor changes it, nor adds its own people to it.
    expect((await scim("GET", `/Groups/${group.id}`, tokenB)).status).toBe(404);
    expect((await scim("DELETE", `/Groups/${group.id}`, tokenB)).status).toBe(404);
    expect((await readJSON<{ totalResults: number }>(await scim("GET", "/Groups", tokenB))).totalResults).toBe(0);
    const foreign = await readJSON<ScimUser>(await scim("POST", "/Users", tokenB, newUser(`grp-b-${Date.now()}@b.test`)));
    expect(
      (
        await scim("PATCH", `/Groups/${group.id}`, tokenA, {
          schemas: [PATCH_SCHEMA],
          Operations: [{ op: "add", path: "members", value: [{ value: foreign.id }] }],
        })
      ).status,
    ).toBe(400);

    expect((await scim("DELETE", `/Groups/${group.id}`, tokenA)).status).toBe(204);
    expect((await scim("GET", `/Groups/${group.id}`, tokenA)).status).toBe(404);
    const teams = await readJSON<Array<{ id: string }>>(await world.owner.browser.get(`/organization/list-teams?organizationId=${world.organizationId}`));
    expect(teams.map((t) => t.id)).not.toContain(group.id);
  });

  it("records every provisioning change in the organization's audit log", async () => {
    const rows = await world.t.auth.context.db.selectFrom("securityEvent").select("type").where("organizationId", "=", world.organizationId).execute();
    const types = new Set(rows.map((r) => r.type));
    for (const type of [
      "scim-token-created",
      "scim-token-revoked",
      "scim-user-provisioned",
      "scim-user-deactivated",
      "scim-user-reactivated",
      "scim-user-deprovisioned",
      "team-created",
      "team-member-added",
      "team-member-removed",
      "team-updated",
      "team-deleted",
    ]) {
      expect(types.has(type as never), type).toBe(true);
    }
  });

  /** The ordinary reset: request the mail, read the link the mailer was given, set the password. */
  async function setPasswordByReset(email: string): Promise<boolean> {
    const requested = await createTestBrowser(world.t.auth).post("/request-password-reset", { email, redirectTo: "/reset" });
    expect(requested.status).toBe(200);
    await world.t.auth.settled();
    const mail = mailer.messages.findLast((m) => m.to === email);
    const token = /reset-password\/([^?\s"&]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) return false;
    const reset = await createTestBrowser(world.t.auth).post("/reset-password", { token: decodeURIComponent(token), newPassword: "a new long passphrase 42" });
    return reset.status === 200;
  }
});
