/**
 * Spec §6, cell by cell, twice: through POST /organization/has-permission and through the real
 * actions each cell guards. The expected table is typed in from the spec, not read from the
 * module under test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateId } from "../src/deps/random.js";
import {
  createRecordingMailer,
  readJSON,
  seedOrganization,
  signUpPerson,
  type SeededOrganization,
  type TestPerson,
  createTestAuth,
  testDialects,
  type TestAuth,
} from "../testing/index.js";
import { findInvitationById, findLiveInvitation, insertInvitation } from "../src/store/invitation-store.js";
import { findMemberById } from "../src/store/member-store.js";
import { findOrganizationById } from "../src/store/organization-store.js";
import { countTeams, findTeamById, findTeamMember, insertTeamMember } from "../src/store/team-store.js";

const SPEC_MATRIX: Record<string, Record<string, string>> = {
  owner: {
    organization: "update, delete",
    member: "create, update, delete",
    invitation: "create, cancel",
    team: "create, update, delete",
    ac: "create, read, update, delete",
  },
  admin: {
    organization: "update",
    member: "create, update, delete",
    invitation: "create, cancel",
    team: "create, update, delete",
    ac: "create, read, update, delete",
  },
  member: { organization: "none", member: "none", invitation: "none", team: "none", ac: "read" },
};
const SPEC_ACTIONS: Record<string, string[]> = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  ac: ["create", "read", "update", "delete"],
};

/** Spec §6: several comma-separated roles; any one authorizing is enough. */
function allowedBySpec(roles: string, resource: string, action: string): boolean {
  return roles.split(",").some((role) => (SPEC_MATRIX[role]?.[resource] ?? "none").split(", ").includes(action));
}

const ROLE_SETS = ["owner", "admin", "member", "member,admin", "member,owner"];

const permissionCells = ROLE_SETS.flatMap((roles) =>
  Object.entries(SPEC_ACTIONS).flatMap(([resource, actions]) =>
    [...actions, "read-all"].map((action) => ({ roles, resource, action, expected: allowedBySpec(roles, resource, action) })),
  ),
);

describe.each(testDialects())("the matrix through has-permission on %s", (dialect) => {
  let t: TestAuth;
  const people: Record<string, TestPerson> = {};
  let outsider: TestPerson;
  let org: SeededOrganization;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    for (const roles of ROLE_SETS) people[roles] = await signUpPerson(t.auth, roles, `${roles.replace(",", "-")}@example.com`);
    outsider = await signUpPerson(t.auth, "Out", "out@example.com");
    org = await seedOrganization(t.auth, Object.fromEntries(ROLE_SETS.map((roles) => [people[roles]!.userId, roles])));
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function ask(person: TestPerson, body: Record<string, unknown>): Promise<Response> {
    return person.browser.post("/organization/has-permission", { organizationId: org.organizationId, ...body });
  }

  it.each(permissionCells)("$roles may $action $resource: $expected", async ({ roles, resource, action, expected }) => {
    const response = await ask(people[roles]!, { permissions: { [resource]: [action] } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: null, success: expected });
  });

  it.each([
    { roles: "owner", permissions: { organization: ["update", "delete"], ac: ["read"] }, connector: undefined, expected: true },
    { roles: "admin", permissions: { organization: ["update", "delete"] }, connector: undefined, expected: false },
    { roles: "admin", permissions: { organization: ["delete"], team: ["create"] }, connector: undefined, expected: false },
    { roles: "admin", permissions: { organization: ["delete"], team: ["create"] }, connector: "OR", expected: true },
    { roles: "member", permissions: { ac: ["read"], invitation: ["create"] }, connector: "AND", expected: false },
    { roles: "member", permissions: { ac: ["read"], invitation: ["create"] }, connector: "OR", expected: true },
    { roles: "member", permissions: { team: ["create"], member: ["delete"] }, connector: "OR", expected: false },
    { roles: "member,admin", permissions: { member: ["create", "update", "delete"], invitation: ["create", "cancel"] }, connector: undefined, expected: true },
    { roles: "member,owner", permissions: { organization: ["delete"] }, connector: undefined, expected: true },
    { roles: "owner", permissions: { billing: ["read"] }, connector: undefined, expected: false },
    { roles: "owner", permissions: {}, connector: undefined, expected: false },
  ])("$roles asking $permissions with $connector → $expected", async ({ roles, permissions, connector, expected }) => {
    const response = await ask(people[roles]!, { permissions, ...(connector && { connector }) });
    expect(await response.json()).toEqual({ error: null, success: expected });
  });

  it("accepts the deprecated singular name, uses the active organization, and refuses outsiders", async () => {
    const singular = await ask(people.admin!, { permission: { invitation: ["create"] } });
    expect(await singular.json()).toEqual({ error: null, success: true });
    const noOrganization = await people.admin!.browser.post("/organization/has-permission", { permissions: { ac: ["read"] } });
    expect(noOrganization.status).toBe(400);
    expect((await readJSON<{ code: string }>(noOrganization)).code).toBe("NO_ACTIVE_ORGANIZATION");
    await people.member!.browser.post("/organization/set-active", { organizationId: org.organizationId });
    const active = await people.member!.browser.post("/organization/has-permission", { permissions: { ac: ["read"] } });
    expect(await active.json()).toEqual({ error: null, success: true });
    const stranger = await ask(outsider, { permissions: { ac: ["read"] } });
    expect(stranger.status).toBe(403);
    expect((await readJSON<{ code: string }>(stranger)).code).toBe("USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION");
    const empty = await ask(people.owner!, {});
    expect(empty.status).toBe(400);
  });
});

/** Everything a guarded call needs: the actor, a target member, a pending invitation. */
interface Scene extends SeededOrganization {
  actor: TestPerson;
  target: TestPerson;
  targetMemberId: string;
  invitationId: string;
  inviteeEmail: string;
}

interface ActionCase {
  resource: string;
  action: string;
  call: string;
  deniedCode: string;
  run(scene: Scene): Promise<Response>;
  /** Whether the call's effect is visible in the database. */
  happened(t: TestAuth, scene: Scene): Promise<boolean>;
}

const ACTIONS: ActionCase[] = [
  {
    resource: "organization",
    action: "update",
    call: "update",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION",
    run: (s) => s.actor.browser.post("/organization/update", { organizationId: s.organizationId, data: { name: "Renamed" } }),
    happened: async (t, s) => (await findOrganizationById(t.auth.context.db, s.organizationId))?.name === "Renamed",
  },
  {
    resource: "organization",
    action: "delete",
    call: "delete",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION",
    run: (s) => s.actor.browser.post("/organization/delete", { organizationId: s.organizationId }),
    happened: async (t, s) => (await findOrganizationById(t.auth.context.db, s.organizationId)) === undefined,
  },
  {
    resource: "member",
    action: "update",
    call: "update-member-role",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER",
    run: (s) => s.actor.browser.post("/organization/update-member-role", { organizationId: s.organizationId, memberId: s.targetMemberId, role: "admin" }),
    happened: async (t, s) => (await findMemberById(t.auth.context.db, s.targetMemberId))?.role === "admin",
  },
  {
    resource: "member",
    action: "update",
    call: "add-team-member",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER",
    run: (s) => s.actor.browser.post("/organization/add-team-member", { teamId: s.teamId, userId: s.target.userId }),
    happened: async (t, s) => (await findTeamMember(t.auth.context.db, s.teamId, s.target.userId)) !== undefined,
  },
  {
    resource: "member",
    action: "delete",
    call: "remove-member",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER",
    run: (s) => s.actor.browser.post("/organization/remove-member", { organizationId: s.organizationId, memberIdOrEmail: s.targetMemberId }),
    happened: async (t, s) => (await findMemberById(t.auth.context.db, s.targetMemberId)) === undefined,
  },
  {
    resource: "member",
    action: "delete",
    call: "remove-team-member",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER",
    run: async (s) => s.actor.browser.post("/organization/remove-team-member", { teamId: s.teamId, userId: s.target.userId }),
    happened: async (t, s) => (await findTeamMember(t.auth.context.db, s.teamId, s.target.userId)) === undefined,
  },
  {
    resource: "invitation",
    action: "create",
    call: "invite-member",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
    run: (s) => s.actor.browser.post("/organization/invite-member", { organizationId: s.organizationId, email: `new-${s.inviteeEmail}`, role: "member" }),
    happened: async (t, s) => (await findLiveInvitation(t.auth.context.db, s.organizationId, `new-${s.inviteeEmail}`, t.clock.now())) !== undefined,
  },
  {
    resource: "invitation",
    action: "cancel",
    call: "cancel-invitation",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION",
    run: (s) => s.actor.browser.post("/organization/cancel-invitation", { invitationId: s.invitationId }),
    happened: async (t, s) => (await findInvitationById(t.auth.context.db, s.invitationId))?.status === "canceled",
  },
  {
    resource: "team",
    action: "create",
    call: "create-team",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION",
    run: (s) => s.actor.browser.post("/organization/create-team", { organizationId: s.organizationId, name: "New team" }),
    happened: async (t, s) => (await countTeams(t.auth.context.db, s.organizationId)) === 2,
  },
  {
    resource: "team",
    action: "update",
    call: "update-team",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM",
    run: (s) => s.actor.browser.post("/organization/update-team", { teamId: s.teamId, data: { name: "Renamed team" } }),
    happened: async (t, s) => (await findTeamById(t.auth.context.db, s.teamId))?.name === "Renamed team",
  },
  {
    resource: "team",
    action: "delete",
    call: "remove-team",
    deniedCode: "YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION",
    run: (s) => s.actor.browser.post("/organization/remove-team", { teamId: s.teamId }),
    happened: async (t, s) => (await findTeamById(t.auth.context.db, s.teamId)) === undefined,
  },
];

// member:create and ac:* guard no HTTP call (better-auth's add-member is server-only and the
// dynamic access-control routes are not part of this service): has-permission covers them above.
const ACTION_ROLE_SETS = ["owner", "admin", "member", "member,admin"];
const actionCells = ACTION_ROLE_SETS.flatMap((roles) =>
  ACTIONS.map((action) => ({ roles, action, expected: allowedBySpec(roles, action.resource, action.action) })),
);

describe.each(testDialects())("the matrix through the real calls on %s", (dialect) => {
  let t: TestAuth;
  const actors: Record<string, TestPerson> = {};
  let target: TestPerson;
  let spareOwner: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer: createRecordingMailer() } });
    for (const roles of ACTION_ROLE_SETS) actors[roles] = await signUpPerson(t.auth, roles, `actor-${roles.replace(",", "-")}@example.com`);
    target = await signUpPerson(t.auth, "Target", "target@example.com");
    spareOwner = await signUpPerson(t.auth, "Spare", "spare@example.com");
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** A fresh organization per cell: the actor with the roles, an owner, a target, an invitation. */
  async function stage(roles: string): Promise<Scene> {
    const actor = actors[roles]!;
    const seeded = await seedOrganization(t.auth, { [spareOwner.userId]: "owner", [actor.userId]: roles, [target.userId]: "member" });
    const { db, random, clock } = t.auth.context;
    const now = clock.now();
    const inviteeEmail = `invitee-${generateId(random).slice(0, 8)}@example.com`;
    const invitation = await insertInvitation(db, {
      id: generateId(random),
      organizationId: seeded.organizationId,
      email: inviteeEmail,
      role: "member",
      status: "pending",
      teamId: null,
      inviterId: spareOwner.userId,
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
      createdAt: now.toISOString(),
    });
    return { ...seeded, actor, target, targetMemberId: seeded.memberIds[target.userId]!, invitationId: invitation.id, inviteeEmail };
  }

  it.each(actionCells)("$roles calling $action.call ($action.resource:$action.action): $expected", async ({ roles, action, expected }) => {
    const scene = await stage(roles);
    if (action.call === "remove-team-member") {
      await insertTeamMember(t.auth.context.db, {
        id: generateId(t.auth.context.random),
        teamId: scene.teamId,
        userId: target.userId,
        createdAt: t.clock.now().toISOString(),
      });
    }
    const response = await action.run(scene);
    if (expected) {
      expect(response.status, await response.clone().text()).toBe(200);
    } else {
      expect(response.status).toBe(403);
      expect((await readJSON<{ code: string }>(response)).code).toBe(action.deniedCode);
    }
    expect(await action.happened(t, scene)).toBe(expected);
  });
});
