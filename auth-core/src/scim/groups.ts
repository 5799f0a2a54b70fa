import { z } from "zod";
import type { AuthContext } from "../context.js";
import type { Audit } from "../audit/audit-log.js";
import { generateId } from "../deps/random.js";
import type { DB } from "../store/database.js";
import {
  findScimUser,
  findScimGroup,
  insertScimGroup,
  listScimGroups,
  listScimMembersOfTeam,
  setScimGroupExternalId,
  type ScimGroupWithTeam,
} from "../store/scim-store.js";
import { deleteTeamById, deleteTeamMember, findTeamMember, insertTeam, renameTeam, insertTeamMember } from "../store/team-store.js";
import { ScimError } from "../scim-token/error.js";
import { scimBase } from "./wire.js";

export const SCIM_GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

/** The rows a directory's group changes write: the teams' own kinds, method "scim". */
export type ScimGroupEvent = "team-created" | "team-updated" | "team-deleted" | "team-member-added" | "team-member-removed";

const memberRef = z.object({ value: z.string().min(1).max(128), display: z.string().max(512).optional() });

/** A Group as a directory sends it (RFC 7643 §4.2). */
export const scimGroupInput = z.object({
  schemas: z.array(z.string()).optional(),
  displayName: z.string().trim().min(1).max(256),
  externalId: z.string().max(512).nullish(),
  members: z.array(memberRef).max(1000).nullish(),
});

export interface ScimGroupResource {
  schemas: string[];
  id: string;
  displayName: string;
  externalId?: string;
  members: Array<{ value: string; display: string; $ref: string }>;
  meta: { resourceType: "Group"; created: string; lastModified: string; location: string };
}

export async function toScimGroup(ctx: AuthContext, found: ScimGroupWithTeam): Promise<ScimGroupResource> {
  const base = scimBase(ctx);
  const members = await listScimMembersOfTeam(ctx.db, found.group.organizationId, found.team.id);
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: found.team.id,
    displayName: found.team.name,
    ...(found.group.externalId ? { externalId: found.group.externalId } : {}),
    members: members.map((m) => ({ value: m.id, display: m.userName, $ref: `${base}/Users/${m.id}` })),
    meta: {
      resourceType: "Group",
      created: found.team.createdAt,
      lastModified: found.team.updatedAt ?? found.team.createdAt,
      location: `${base}/Groups/${found.team.id}`,
    },
  };
}

/** The people named as members: provisioned people of this organization only (404-like 400 otherwise). */
async function resolveMembers(db: DB, organizationId: string, refs: ReadonlyArray<{ value: string }>): Promise<string[]> {
  const userIds: string[] = [];
  for (const ref of refs) {
    const user = await findScimUser(db, organizationId, ref.value);
    if (!user) throw new ScimError(400, `No user ${ref.value} in this organization`, "invalidValue");
    userIds.push(user.userId);
  }
  return userIds;
}

async function addMembers(ctx: AuthContext, trx: DB, teamId: string, userIds: readonly string[]): Promise<string[]> {
  const added: string[] = [];
  for (const userId of userIds) {
    if (await findTeamMember(trx, teamId, userId)) continue;
    await insertTeamMember(trx, { id: generateId(ctx.random), teamId, userId, createdAt: ctx.clock.now().toISOString() });
    added.push(userId);
  }
  return added;
}

/** POST /Groups: a team of the token's organization, with its members. */
export async function createGroup(
  ctx: AuthContext,
  audit: Audit<ScimGroupEvent>,
  organizationId: string,
  input: z.infer<typeof scimGroupInput>,
): Promise<ScimGroupWithTeam> {
  const { rows } = await listScimGroups(ctx.db, organizationId, { filter: { attribute: "displayName", value: input.displayName }, startIndex: 1, count: 1 });
  if (rows.length > 0) throw new ScimError(409, "A group with this displayName already exists", "uniqueness");
  const userIds = await resolveMembers(ctx.db, organizationId, input.members ?? []);
  const now = ctx.clock.now().toISOString();
  const teamId = generateId(ctx.random);
  await audit.change(async (trx, log) => {
    await insertTeam(trx, { id: teamId, name: input.displayName, organizationId, createdAt: now, updatedAt: now });
    await insertScimGroup(trx, { teamId, organizationId, externalId: input.externalId ?? null, createdAt: now });
    await log.write({ userId: null, type: "team-created", method: "scim", organizationId, detail: { teamId, name: input.displayName } });
    for (const userId of await addMembers(ctx, trx, teamId, userIds)) {
      await log.write({ userId: null, type: "team-member-added", method: "scim", organizationId, detail: { teamId, memberUserId: userId } });
    }
  });
  return (await findScimGroup(ctx.db, organizationId, teamId))!;
}

/** What a PUT or PatchOp asks of a group. */
export interface GroupChange {
  displayName?: string;
  externalId?: string | null;
  /** Replace the members with exactly these SCIM user ids. */
  replaceMembers?: string[];
  addMembers?: string[];
  removeMembers?: string[];
}

export async function changeGroup(ctx: AuthContext, audit: Audit<ScimGroupEvent>, found: ScimGroupWithTeam, change: GroupChange): Promise<ScimGroupWithTeam> {
  const { organizationId } = found.group;
  const teamId = found.team.id;
  const toRef = (value: string) => ({ value });
  const replace = change.replaceMembers ? await resolveMembers(ctx.db, organizationId, change.replaceMembers.map(toRef)) : null;
  const add = await resolveMembers(ctx.db, organizationId, (change.addMembers ?? []).map(toRef));
  const remove = await resolveMembers(ctx.db, organizationId, (change.removeMembers ?? []).map(toRef));
  await audit.change(async (trx, log) => {
    let changed = false;
    if (change.displayName !== undefined && change.displayName !== found.team.name) {
      await renameTeam(trx, teamId, change.displayName, ctx.clock.now());
      await log.write({ userId: null, type: "team-updated", method: "scim", organizationId, detail: { teamId, name: change.displayName } });
      changed = true;
    }
    if (change.externalId !== undefined) await setScimGroupExternalId(trx, teamId, change.externalId);
    const current = (await listScimMembersOfTeam(trx, organizationId, teamId)).map((m) => m.userId);
    const removing = [...remove, ...(replace ? current.filter((id) => !replace.includes(id)) : [])];
    for (const userId of removing) {
      if (await deleteTeamMember(trx, teamId, userId)) {
        await log.write({ userId: null, type: "team-member-removed", method: "scim", organizationId, detail: { teamId, memberUserId: userId } });
        changed = true;
      }
    }
    for (const userId of await addMembers(ctx, trx, teamId, [...add, ...(replace ?? [])])) {
      await log.write({ userId: null, type: "team-member-added", method: "scim", organizationId, detail: { teamId, memberUserId: userId } });
      changed = true;
    }
    if (!changed) log.unchanged();
  });
  return (await findScimGroup(ctx.db, organizationId, teamId))!;
}

export async function deleteGroup(ctx: AuthContext, audit: Audit<ScimGroupEvent>, found: ScimGroupWithTeam): Promise<void> {
  await audit.change(async (trx, log) => {
    await deleteTeamById(trx, found.team.id);
    await log.write({
      userId: null,
      type: "team-deleted",
      method: "scim",
      organizationId: found.group.organizationId,
      detail: { teamId: found.team.id, name: found.team.name },
    });
  });
}

/** `members[value eq "<id>"]`, the path Entra and Okta remove one member with. */
function memberInPath(path: string): string | null {
  return /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path.trim())?.[1] ?? null;
}

function memberValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map((item) => {
    const ref = memberRef.safeParse(item);
    if (!ref.success) throw new ScimError(400, 'A member is {"value": "<user id>"}', "invalidValue");
    return ref.data.value;
  });
}

/** A PatchOp on a Group: displayName and externalId, and members added, removed or replaced. */
export function readGroupPatch(operations: ReadonlyArray<{ op: string; path?: string; value?: unknown }>): GroupChange {
  const change: GroupChange = {};
  for (const operation of operations) {
    const op = operation.op.toLowerCase();
    const path = operation.path?.trim() ?? "";
    const one = memberInPath(path);
    if (op === "remove") {
      if (one) (change.removeMembers ??= []).push(one);
      else if (path.toLowerCase() === "members") {
        if (operation.value === undefined) change.replaceMembers = [];
        else (change.removeMembers ??= []).push(...memberValues(operation.value));
      } else if (path.toLowerCase() === "externalid") change.externalId = null;
      else throw new ScimError(400, `Cannot remove ${path || "without a path"}`, "noTarget");
      continue;
    }
    if (op !== "add" && op !== "replace") throw new ScimError(400, `Unknown op ${operation.op}`, "invalidSyntax");
    const entries: Array<[string, unknown]> = path
      ? [[path, operation.value]]
      : typeof operation.value === "object" && operation.value !== null
        ? Object.entries(operation.value as Record<string, unknown>)
        : [];
    for (const [key, value] of entries) {
      switch (key.toLowerCase()) {
        case "displayname":
          if (typeof value !== "string" || !value.trim()) throw new ScimError(400, "displayName must be a string", "invalidValue");
          change.displayName = value.trim();
          break;
        case "externalid":
          change.externalId = typeof value === "string" ? value : null;
          break;
        case "members":
          if (op === "replace") change.replaceMembers = memberValues(value);
          else (change.addMembers ??= []).push(...memberValues(value));
          break;
        default:
          break;
      }
    }
  }
  return change;
}

/** `displayName eq "…"`, `externalId eq "…"` or `id eq "…"` (RFC 7644 §3.4.2.2). */
export function readGroupFilter(filter: string): { attribute: "displayName" | "externalId" | "id"; value: string } {
  const match = /^\s*(displayName|externalId|id)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) throw new ScimError(400, 'Only filters of the form attribute eq "value" on displayName, externalId or id are supported', "invalidFilter");
  const name = match[1]!.toLowerCase();
  const attribute = name === "displayname" ? "displayName" : name === "externalid" ? "externalId" : "id";
  return { attribute, value: match[2]!.replace(/\\(.)/g, "$1") };
}
