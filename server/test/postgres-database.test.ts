import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { migrateToLatest } from "@gatehouse/migrations";
import { silentLogger } from "@gatehouse/auth-core";
import { TEST_BASE_URL, TEST_SCRYPT_PARAMS, withPostgresSchemaLock } from "@gatehouse/auth-core/testing";
import { createApp } from "../src/app.js";
import { createServerAuth } from "../src/auth.js";
import { openDatabase, type ServerDatabase } from "../src/database.js";
import { readConfig } from "../src/env.js";

const PG_URL = process.env.GATEHOUSE_TEST_PG_URL;
if (!PG_URL) console.warn("GATEHOUSE_TEST_PG_URL is unset: skipping the server's PostgreSQL pool tests");

/**
 * On the server's PostgreSQL pool, get-session's session lookup runs straight on a
 * pooled connection, and repeated selects are named prepared statements; writes, DDL and texts
 * with `*` never are.
 */
describe.skipIf(!PG_URL)("the server's PostgreSQL pool", () => {
  const schema = `srv_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  let database: ServerDatabase;

  beforeAll(async () => {
    // One connection, so the prepared statements asked for below are the ones the requests made.
    database = openDatabase(`${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`, { logger: silentLogger, poolSize: 1 });
    await withPostgresSchemaLock(PG_URL!, async (client) => {
      await client.query(`create schema "${schema}"`);
      await migrateToLatest(database.db, { migrationTableSchema: schema });
    });
  });
  afterAll(async () => {
    await database?.destroy();
    await withPostgresSchemaLock(PG_URL!, (client) => client.query(`drop schema if exists "${schema}" cascade`));
  });

  /** The server's app on this pool, and the session cookie of a person it has just signed up. */
  async function signedUp(name: string, email: string): Promise<{ app: ReturnType<typeof createApp>; cookie: string }> {
    const config = readConfig({ NODE_ENV: "test", BASE_URL: TEST_BASE_URL, RATE_LIMIT: "off" });
    const auth = createServerAuth({
      config,
      db: database.db,
      dialect: "postgres",
      secret: "p".repeat(40),
      mailer: { send: async () => undefined },
      logger: silentLogger,
      scrypt: TEST_SCRYPT_PARAMS,
    });
    const app = createApp({ auth, logger: silentLogger });
    const signUp = await app.request(`${TEST_BASE_URL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL },
      body: JSON.stringify({ name, email, password: "unusual-phrase-7" }),
    });
    expect(signUp.status).toBe(200);
    await auth.settled();
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { app, cookie };
  }

  it("answers get-session from the direct lookup, and prepares the lookup once under a name", async () => {
    const { app, cookie } = await signedUp("P", "p@example.com");
    for (let i = 0; i < 3; i++) {
      const answer = await app.request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } });
      expect(((await answer.json()) as { user: { email: string } }).user.email).toBe("p@example.com");
    }

    const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(database.db);
    const lookups = prepared.rows.filter((row) => row.statement.startsWith('select "s"."id" as "s_id"'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.name).toMatch(/^gatehouse_\d+$/);
    for (const row of prepared.rows) {
      expect(row.statement.startsWith("select "), row.statement).toBe(true);
      expect(row.statement, row.statement).not.toContain("*");
    }
    // A signed-out get-session still answers null; an unknown token finds no row.
    expect(await (await app.request(`${TEST_BASE_URL}/api/auth/get-session`)).json()).toBeNull();
  });

  it("drops a connection whose prepared statement a migration made stale, and prepares it afresh on the next", async () => {
    const { app, cookie } = await signedUp("Q", "q@example.com");
    const getSession = () => app.request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } });
    const byEmail = () => database.db.selectFrom("user").select(["id", "name"]).where("email", "=", "q@example.com").execute();
    // Both paths have their statement prepared on the pool's one connection: the session lookup
    // (the direct read) and a select through Kysely.
    expect((await getSession()).status).toBe(200);
    expect(await byEmail()).toHaveLength(1);

    // A migration changes the type of a column each statement answers.
    await sql`alter table session alter column "ipAddress" type varchar(200)`.execute(database.db);
    await sql`alter table "user" alter column name type varchar(300)`.execute(database.db);

    // The request that meets the stale statement fails; its connection is not kept. The next one
    // is answered on a new connection, the lookup prepared and described afresh.
    expect((await getSession()).status).toBe(500);
    const answer = await getSession();
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { user: { email: string; name: string } }).user).toMatchObject({ email: "q@example.com", name: "Q" });

    // The same through Kysely's path, on a connection that prepared its select before the change.
    expect(await byEmail()).toHaveLength(1);
    await sql`alter table "user" alter column name type varchar(400)`.execute(database.db);
    await expect(byEmail()).rejects.toThrow(/cached plan must not change result type/);
    expect(await byEmail()).toEqual([expect.objectContaining({ name: "Q" })]);
  });
  it("answers a key's get-session from the direct lookup, its statement named and its rows' shape kept", async () => {
    const { app, cookie } = await signedUp("K", "k@example.com");
    const created = await app.request(`${TEST_BASE_URL}/api/auth/api-key/create`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL, cookie },
      body: JSON.stringify({ name: "machine" }),
    });
    expect(created.status).toBe(200);
    const { key } = (await created.json()) as { key: string };
    for (let i = 0; i < 3; i++) {
      const answer = await app.request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { "x-api-key": key } });
      expect(((await answer.json()) as { user: { email: string; name: string } }).user).toMatchObject({ email: "k@example.com", name: "K" });
    }
    const prepared = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(database.db);
    const lookups = prepared.rows.filter((row) => row.statement.includes('from "apikey" as "k"'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.name).toMatch(/^gatehouse_\d+$/);
    // A key nobody holds finds no row.
    const unknown = await app.request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { "x-api-key": `${key.slice(0, -4)}zzzz` } });
    expect(unknown.status).toBe(401);
  });
});
