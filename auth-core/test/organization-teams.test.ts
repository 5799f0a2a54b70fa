/** Teams: create, rename, remove, list, membership and the session's active team. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateId } from "../src/deps/random.js";
import { readJSON, signUpPerson, type TestPerson, createTestAuth, testDialects, type TestAuth } from "../testing/index.js";
import type { WireOrganization, WireSessionResult, WireTeam, WireTeamMember } from "../src/shared/wire-types.js";

async function codeOf(response: Response): Promise<string> {
  return (await readJSON<{ code: string }>(response)).code;
}

describe.each(testDialects())("organization teams on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  let member: TestPerson;
  let outsider: TestPerson;
  let org: WireOrganization;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    owner = await signUpPerson(t.auth, "Owner", "owner@example.com");
    member = await signUpPerson(t.auth, "Member", "member@example.com");
    outsider = await signUpPerson(t.auth, "Outsider", "outsider@example.com");
    org = await readJSON<WireOrganization>(await owner.browser.post("/organization/create", { name: "Acme", slug: "acme" }));
    const { db, random } = t.auth.context;
    await db
      .insertInto("member")
      .values({ id: generateId(random), organizationId: org.id, userId: member.userId, role: "member", createdAt: t.clock.now().toISOString() })
      .execute();
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function activeTeamOf(person: TestPerson): Promise<string | null> {
    return (await readJSON<WireSessionResult>(await person.browser.get("/get-session"))).session.activeTeamId;
  }

  it("creates, renames, lists and removes teams in the active organization", async () => {
    const created = await owner.browser.post("/organization/create-team", { name: " Blue " });
    expect(created.status).toBe(200);
    const blue = await readJSON<WireTeam>(created);
    expect(blue).toMatchObject({ name: "Blue", organizationId: org.id });
    t.clock.advance(1000);
    const red = await readJSON<WireTeam>(await owner.browser.post("/organization/create-team", { organizationId: org.id, name: "Red" }));

    const renamed = await owner.browser.post("/organization/update-team", { teamId: blue.id, data: { name: "Navy" } });
    expect(renamed.status).toBe(200);
    const navy = await readJSON<WireTeam>(renamed);
    expect(navy).toMatchObject({ id: blue.id, name: "Navy", updatedAt: t.clock.now().toISOString() });
    const wrongOrg = await owner.browser.post("/organization/update-team", { teamId: blue.id, data: { name: "X", organizationId: "other" } });
    expect(await codeOf(wrongOrg)).toBe("TEAM_NOT_FOUND");

    const listed = await readJSON<WireTeam[]>(await member.browser.get(`/organization/list-teams?organizationId=${org.id}`));
    expect(listed.map((x) => x.name)).toEqual(["Navy", "Red"]);
    const outsiderList = await outsider.browser.get(`/organization/list-teams?organizationId=${org.id}`);
    expect(outsiderList.status).toBe(403);

    const removed = await owner.browser.post("/organization/remove-team", { teamId: red.id });
    expect(await removed.json()).toEqual({ message: "Team removed successfully." });
    expect((await readJSON<WireTeam[]>(await owner.browser.get("/organization/list-teams"))).map((x) => x.id)).toEqual([blue.id]);
    const again = await owner.browser.post("/organization/remove-team", { teamId: red.id });
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe("TEAM_NOT_FOUND");
  });

  it("adds and removes team members; only members of the organization can join", async () => {
    const team = await readJSON<WireTeam>(await owner.browser.post("/organization/create-team", { name: "Green" }));
    const added = await owner.browser.post("/organization/add-team-member", { teamId: team.id, userId: member.userId });
    expect(added.status).toBe(200);
    const row = await readJSON<WireTeamMember>(added);
    expect(row).toMatchObject({ teamId: team.id, userId: member.userId });
    // Adding again is idempotent: the same membership comes back.
    expect((await readJSON<WireTeamMember>(await owner.browser.post("/organization/add-team-member", { teamId: team.id, userId: member.userId }))).id).toBe(
      row.id,
    );
    const stranger = await owner.browser.post("/organization/add-team-member", { teamId: team.id, userId: outsider.userId });
    expect(stranger.status).toBe(400);
    expect(await codeOf(stranger)).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");

    const members = await readJSON<WireTeamMember[]>(await member.browser.get(`/organization/list-team-members?teamId=${team.id}`));
    expect(members.map((m) => m.userId)).toEqual([member.userId]);
    expect((await outsider.browser.get(`/organization/list-team-members?teamId=${team.id}`)).status).toBe(403);
    const teamsOfMember = await readJSON<WireTeam[]>(await member.browser.get("/organization/list-user-teams"));
    expect(teamsOfMember.map((x) => x.id)).toEqual([team.id]);

    const removed = await owner.browser.post("/organization/remove-team-member", { teamId: team.id, userId: member.userId });
    expect(await removed.json()).toEqual({ message: "Team member removed successfully." });
    const twice = await owner.browser.post("/organization/remove-team-member", { teamId: team.id, userId: member.userId });
    expect(twice.status).toBe(400);
    expect(await codeOf(twice)).toBe("USER_IS_NOT_A_MEMBER_OF_THE_TEAM");
    expect(await readJSON(await member.browser.get("/organization/list-user-teams"))).toEqual([]);
  });

  it("sets the active team only for its members, and loses it when the team goes", async () => {
    const team = await readJSON<WireTeam>(await owner.browser.post("/organization/create-team", { name: "Gold" }));
    const notYet = await member.browser.post("/organization/set-active-team", { teamId: team.id });
    expect(notYet.status).toBe(403);
    expect(await notYet.json()).toEqual({ code: "USER_IS_NOT_A_MEMBER_OF_THE_TEAM", message: "User is not a member of the team" });
    const noActive = await member.browser.get("/organization/list-team-members");
    expect(await codeOf(noActive)).toBe("YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM");

    await owner.browser.post("/organization/add-team-member", { teamId: team.id, userId: member.userId });
    const set = await member.browser.post("/organization/set-active-team", { teamId: team.id });
    expect((await readJSON<WireTeam>(set)).id).toBe(team.id);
    expect(await activeTeamOf(member)).toBe(team.id);
    const active = await readJSON<WireTeamMember[]>(await member.browser.get("/organization/list-team-members"));
    expect(active.map((m) => m.userId)).toEqual([member.userId]);
    expect(await readJSON(await member.browser.post("/organization/set-active-team", { teamId: null }))).toBeNull();
    expect(await activeTeamOf(member)).toBeNull();

    await member.browser.post("/organization/set-active-team", { teamId: team.id });
    await owner.browser.post("/organization/remove-team", { teamId: team.id });
    expect(await activeTeamOf(member)).toBeNull();
  });
});
