import { sql, type Kysely, type RawBuilder } from "kysely";

/**
 * The audit log: what the queries filter and group on becomes real columns of
 * securityEvent (method, organizationId, requestId) instead of keys of the JSON `detail`, the
 * old event names become the typed list's, and indexes serve the per-person, per-organization
 * and per-type queries and the retention sweep. Organizations start on the free plan.
 * Frozen in time: never import application code here; the lists below are copies.
 */

/** Old names → the typed list's. */
const RENAMED_TYPES: Record<string, string> = {
  "passkey-registered": "passkey-added",
  "organization-member-removed": "member-removed",
  "organization-invitation-canceled": "invitation-cancelled",
  "organization-left": "member-left",
  "organization-member-role-updated": "member-role-changed",
  "organization-invitation-accepted": "invitation-accepted",
  "organization-invitation-rejected": "invitation-rejected",
  "organization-invitation-sent": "member-invited",
  "organization-invitation-resent": "member-invited",
};

/** Mail notices, not changes to an account: they have no kind in the new list. */
const DROPPED_TYPES = ["verification-email-sent", "email-change-requested"];

/** Old `detail.method` values → the method column ("social" takes the provider id). */
const METHODS: Record<string, string | null> = {
  email: "password",
  password: "password",
  passkey: "passkey",
  anonymous: "anonymous",
  "email-verification": "email-link",
  token: "email-link",
  "fresh-session": null,
};

/** Keys that move out of `detail` into columns. */
const MOVED_KEYS = ["method", "provider", "organizationId", "requestId"];

type Detail = Record<string, unknown>;

function parseDetail(text: string | null): Detail | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Detail) : null;
  } catch {
    return null;
  }
}

function asString(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

interface CarriedOver {
  method: string | null;
  organizationId: string | null;
  requestId: string | null;
  detail: string | null;
}

/** One old row's `detail` split into the new columns and what stays in `detail`. */
function carryOverDetail(text: string | null): CarriedOver {
  const detail = parseDetail(text);
  if (!detail) return { method: null, organizationId: null, requestId: null, detail: text };
  const oldMethod = asString(detail.method);
  const provider = asString(detail.provider);
  let method: string | null = provider;
  if (oldMethod && oldMethod !== "social") method = Object.hasOwn(METHODS, oldMethod) ? (METHODS[oldMethod] ?? null) : oldMethod;
  const rest = Object.fromEntries(Object.entries(detail).filter(([key]) => !MOVED_KEYS.includes(key)));
  return {
    method,
    organizationId: asString(detail.organizationId),
    requestId: asString(detail.requestId),
    detail: Object.keys(rest).length > 0 ? JSON.stringify(rest) : null,
  };
}

const BATCH = 500;

/**
 * One UPDATE per batch: each column set by `CASE id WHEN … THEN … END`, plain SQL that both
 * databases run alike (a statement per row would take minutes on a large log).
 */
async function updateBatch(db: Kysely<Schema>, rows: Array<CarriedOver & { id: string }>): Promise<void> {
  const caseOf = (column: keyof CarriedOver): RawBuilder<string | null> =>
    sql<string | null>`case ${sql.ref("id")} ${sql.join(
      rows.map((row) => sql`when ${row.id} then ${row[column]}`),
      sql` `,
    )} end`;
  await db
    .updateTable("securityEvent")
    .set({ method: caseOf("method"), organizationId: caseOf("organizationId"), requestId: caseOf("requestId"), detail: caseOf("detail") })
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();
}

/** The two tables as they stand on this migration's day. */
interface Schema {
  securityEvent: {
    id: string;
    type: string;
    detail: string | null;
    method: string | null;
    organizationId: string | null;
    requestId: string | null;
  };
  organization: { id: string; plan: string | null };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Schema>;
  await db.schema.alterTable("securityEvent").addColumn("method", "text").execute();
  await db.schema.alterTable("securityEvent").addColumn("organizationId", "text").execute();
  await db.schema.alterTable("securityEvent").addColumn("requestId", "text").execute();

  await db.deleteFrom("securityEvent").where("type", "in", DROPPED_TYPES).execute();
  for (const [from, to] of Object.entries(RENAMED_TYPES)) {
    await db.updateTable("securityEvent").set({ type: to }).where("type", "=", from).execute();
  }

  // The JSON is read here rather than with json_extract / ->>: one code path, the same result on
  // SQLite and PostgreSQL. Keyset paging by id keeps memory flat on a large table.
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("securityEvent")
      .select(["id", "detail"])
      .where("detail", "is not", null)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length > 0)
      await updateBatch(
        db,
        rows.map((row) => ({ id: row.id, ...carryOverDetail(row.detail) })),
      );
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }

  await db.schema.createIndex("securityEvent_organizationId_createdAt_idx").on("securityEvent").columns(["organizationId", "createdAt"]).execute();
  await db.schema.createIndex("securityEvent_type_createdAt_idx").on("securityEvent").columns(["type", "createdAt"]).execute();
  await db.schema.createIndex("securityEvent_createdAt_idx").on("securityEvent").column("createdAt").execute();

  await db.updateTable("organization").set({ plan: "free" }).where("plan", "is", null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("securityEvent_createdAt_idx").ifExists().execute();
  await db.schema.dropIndex("securityEvent_type_createdAt_idx").ifExists().execute();
  await db.schema.dropIndex("securityEvent_organizationId_createdAt_idx").ifExists().execute();
  await db.schema.alterTable("securityEvent").dropColumn("requestId").execute();
  await db.schema.alterTable("securityEvent").dropColumn("organizationId").execute();
  await db.schema.alterTable("securityEvent").dropColumn("method").execute();
}
