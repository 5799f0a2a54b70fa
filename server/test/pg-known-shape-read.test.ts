import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { withPostgresSchemaLock } from "@gatehouse/auth-core/testing";
import { KnownShapeRead, RowShapes } from "../src/pg-known-shape-read.js";

const PG_URL = process.env.GATEHOUSE_TEST_PG_URL;
if (!PG_URL) console.warn("GATEHOUSE_TEST_PG_URL is unset: skipping the known-shape read tests");

/** The messages a read sends, counted on pg's own connection object. */
interface Sent {
  parse: number;
  describe: number;
  bind: number;
}

/** A connected client whose connection counts Parse, Describe and Bind (the real messages still go out). */
async function countingClient(url: string): Promise<{ client: pg.Client; sent: Sent }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sent: Sent = { parse: 0, describe: 0, bind: 0 };
  const connection = (client as unknown as { connection: Record<keyof Sent, (config: unknown) => void> }).connection;
  for (const message of ["parse", "describe", "bind"] as const) {
    const send = connection[message].bind(connection);
    connection[message] = (config) => {
      sent[message] += 1;
      send(config);
    };
  }
  return { client, sent };
}

function read(client: pg.Client, shapes: RowShapes, name: string, text: string, values: (string | null)[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    client.query(new KnownShapeRead(shapes, name, text, values, (error, rows) => (error ? reject(error) : resolve(rows!))));
  });
}

const parserOf = (dataTypeID: number) => pg.types.getTypeParser(dataTypeID, "text");

describe.skipIf(!PG_URL)("a named statement read with its shape described when a connection prepares it", () => {
  const schema = `shape_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const text = `select id, label, amount, flag, "seenAt" from thing where id = $1 or label = $2`;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const counted = await countingClient(url);
    clients.push(counted.client);
    return counted;
  };

  beforeAll(async () => {
    await withPostgresSchemaLock(PG_URL!, async (client) => {
      await client.query(`create schema "${schema}"`);
      await client.query(`create table "${schema}".thing (id text primary key, label text, amount integer, flag boolean, "seenAt" text)`);
      await client.query(`insert into "${schema}".thing values ('a', 'first', 7, true, '2026-11-28T00:00:00.000Z'), ('b', null, null, null, null)`);
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await withPostgresSchemaLock(PG_URL!, (client) => client.query(`drop schema if exists "${schema}" cascade`));
  });

  it("describes the first read only, and answers the rows pg's own query answers", async () => {
    const shapes = new RowShapes(parserOf);
    const { client, sent } = await connect();
    const expected = (await client.query({ text, values: ["a", "first"] })).rows;
    sent.parse = sent.describe = sent.bind = 0;

    expect(await read(client, shapes, "known_1", text, ["a", "first"])).toEqual(expected);
    expect(sent).toEqual({ parse: 1, describe: 1, bind: 1 });
    // The integer and the boolean parsed as pg parses them; nulls stay null.
    expect(await read(client, shapes, "known_1", text, ["b", null])).toEqual([{ id: "b", label: null, amount: null, flag: null, seenAt: null }]);
    expect(await read(client, shapes, "known_1", text, ["a", "first"])).toEqual([
      { id: "a", label: "first", amount: 7, flag: true, seenAt: "2026-11-28T00:00:00.000Z" },
    ]);
    expect(await read(client, shapes, "known_1", text, ["none", null])).toEqual([]);
    expect(sent).toEqual({ parse: 1, describe: 1, bind: 4 });
  });

  it("describes the statement again on each connection that prepares it, and only then", async () => {
    const shapes = new RowShapes(parserOf);
    const first = await connect();
    const second = await connect();
    await read(first.client, shapes, "known_2", text, ["a", null]);
    expect(await read(second.client, shapes, "known_2", text, ["a", null])).toHaveLength(1);
    expect(await read(second.client, shapes, "known_2", text, ["b", null])).toHaveLength(1);
    expect(second.sent).toEqual({ parse: 1, describe: 1, bind: 2 });
  });

  it("reads a column whose type a migration changed with its new type on a new connection; the old connection refuses", async () => {
    const shapes = new RowShapes(parserOf);
    const before = await connect();
    const ownText = `select id, amount from moved where id = $1`;
    await withPostgresSchemaLock(PG_URL!, async (client) => {
      await client.query(`create table "${schema}".moved (id text primary key, amount integer)`);
      await client.query(`insert into "${schema}".moved values ('a', 7)`);
    });
    expect(await read(before.client, shapes, "known_7", ownText, ["a"])).toEqual([{ id: "a", amount: 7 }]);
    await withPostgresSchemaLock(PG_URL!, (client) => client.query(`alter table "${schema}".moved alter column amount type text`));

    // Prepared after the change: described again, so the integer parser kept before is not used.
    const after = await connect();
    expect(await read(after.client, shapes, "known_7", ownText, ["a"])).toEqual([{ id: "a", amount: "7" }]);
    // Prepared before it: PostgreSQL refuses the statement rather than answer the new type.
    await expect(read(before.client, shapes, "known_7", ownText, ["a"])).rejects.toThrow(/cached plan must not change result type/);
    expect(await read(after.client, shapes, "known_7", ownText, ["a"])).toEqual([{ id: "a", amount: "7" }]);
  });

  it("shares the prepared statement with pg's own named queries on a connection, either way round", async () => {
    const shapes = new RowShapes(parserOf);
    const { client, sent } = await connect();
    await client.query({ name: "known_3", text, values: ["a", null] });
    expect(await read(client, shapes, "known_3", text, ["a", null])).toHaveLength(1);
    await client.query({ name: "known_3", text, values: ["b", null] });
    // One Parse between them: each found the statement the other prepared.
    expect(sent.parse).toBe(1);
    const names = await client.query(`select name from pg_prepared_statements`);
    expect(names.rows).toEqual([{ name: "known_3" }]);
  });

  it("answers a statement's error, and leaves the connection usable", async () => {
    const shapes = new RowShapes(parserOf);
    const { client } = await connect();
    const failing = `select id from thing where amount = $1::integer`;
    await expect(read(client, shapes, "known_4", failing, ["not a number"])).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await read(client, shapes, "known_4", failing, ["7"])).toEqual([{ id: "a" }]);
    expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("refuses a row that does not fit the kept shape, forgets the shape, and describes the statement again", async () => {
    const shapes = new RowShapes(parserOf);
    const { client, sent } = await connect();
    await read(client, shapes, "known_5", text, ["a", null]);
    // A shape of two columns kept for a statement that answers five: never read as a row with the wrong names.
    shapes.learn("known_5", [
      { name: "id", dataTypeID: 25 },
      { name: "label", dataTypeID: 25 },
    ]);
    await expect(read(client, shapes, "known_5", text, ["a", null])).rejects.toThrow(/answered 5 columns where its shape has 2/);
    expect(shapes.get("known_5")).toBeUndefined();
    expect(await read(client, shapes, "known_5", text, ["a", null])).toEqual([
      { id: "a", label: "first", amount: 7, flag: true, seenAt: "2026-11-28T00:00:00.000Z" },
    ]);
    // Described when the statement was prepared, and again once the wrong shape was forgotten.
    expect(sent.describe).toBe(2);
    expect((await client.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("refuses a name the connection holds for another text, without sending it", async () => {
    const shapes = new RowShapes(parserOf);
    const { client, sent } = await connect();
    await client.query({ name: "known_6", text: "select 1 as one" });
    const before = { ...sent };
    await expect(read(client, shapes, "known_6", text, ["a", null])).rejects.toThrow(/names another text/);
    expect(sent).toEqual(before);
    expect((await client.query({ name: "known_6", text: "select 1 as one" })).rows).toEqual([{ one: 1 }]);
  });
});
