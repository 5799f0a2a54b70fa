import SQLite from "better-sqlite3";
import { sql, type Kysely, type SqliteDatabase } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSQLite } from "../src/fast-path/sqlite.js";
import type { Lookups } from "../src/store/lookups.js";

type TestDB = {
  item: { id: number; name: string };
};

/** openSQLite's database with this file's table, and its lookups. */
function open(sqlite: SqliteDatabase): { db: Kysely<TestDB>; lookups: Lookups } {
  const { db, lookups } = openSQLite(sqlite);
  return { db: db.withTables<TestDB>(), lookups };
}

describe("openSQLite (Kysely's SqliteDialect, a statement cache, arrival order, lookups)", () => {
  let db: Kysely<TestDB>;
  let lookups: Lookups;
  beforeEach(async () => {
    ({ db, lookups } = open(new SQLite(":memory:")));
    await db.schema
      .createTable("item")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .execute();
  });
  afterEach(async () => db.destroy());

  it("reports affected rows and insert ids, and returns rows for returning clauses", async () => {
    const inserted = await db.insertInto("item").values({ id: 7, name: "a" }).executeTakeFirst();
    expect(inserted.insertId).toBe(7n);
    const returned = await db.insertInto("item").values({ id: 8, name: "b" }).returning("name").executeTakeFirst();
    expect(returned).toEqual({ name: "b" });
    const updated = await db.updateTable("item").set({ name: "c" }).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it("keeps other queries out of an open transaction until it ends", async () => {
    const order: string[] = [];
    let releaseTransaction!: () => void;
    const gate = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("item").values({ id: 1, name: "uncommitted" }).execute();
      order.push("inserted in transaction");
      await gate;
      throw new Error("roll back");
    });
    // Queued behind the transaction: must not see its uncommitted row.
    const outside = db
      .selectFrom("item")
      .selectAll()
      .execute()
      .then((rows) => {
        order.push(`outside saw ${rows.length}`);
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(["inserted in transaction"]);
    releaseTransaction();
    await expect(transaction).rejects.toThrow("roll back");
    expect(await outside).toEqual([]);
    expect(order).toEqual(["inserted in transaction", "outside saw 0"]);
  });

  it("serves many concurrent queries in arrival order", async () => {
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db
          .insertInto("item")
          .values({ id: i + 1, name: `n${i}` })
          .execute()
          .then(() => finished.push(i)),
      ),
    );
    expect(finished).toEqual(Array.from({ length: 200 }, (_, i) => i));
    const { count } = await db
      .selectFrom("item")
      .select(sql<number>`count(*)`.as("count"))
      .executeTakeFirstOrThrow();
    expect(count).toBe(200);
  });

  it("keeps Kysely's savepoints (nested transactions roll back to their savepoint)", async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto("item").values({ id: 1, name: "kept" }).execute();
    const inner = await trx.savepoint("inner").execute();
    await inner.insertInto("item").values({ id: 2, name: "undone" }).execute();
    await inner.rollbackToSavepoint("inner").execute();
    await trx.commit().execute();
    expect(await db.selectFrom("item").select("name").execute()).toEqual([{ name: "kept" }]);
  });

  it("streams select queries", async () => {
    await db
      .insertInto("item")
      .values([
        { id: 1, name: "x" },
        { id: 2, name: "y" },
      ])
      .execute();
    const names: string[] = [];
    for await (const row of db.selectFrom("item").select("name").orderBy("id").stream()) names.push(row.name);
    expect(names).toEqual(["x", "y"]);
  });

  describe("lookups read at once (the session lookup's path)", () => {
    const select = (d: Kysely<TestDB>) => d.selectFrom("item").select(["id", "name"]).orderBy("id").compile();

    it("answers at once while the connection is free, with Kysely's rows", async () => {
      await db.insertInto("item").values({ id: 1, name: "x" }).execute();
      expect(lookups.readNow!(select(db))).toEqual(await db.selectFrom("item").select(["id", "name"]).orderBy("id").execute());
    });

    it("builds each row as Kysely's driver does: aliases, joins, nulls, numbers, text and bytes", async () => {
      const raw = new SQLite(":memory:");
      const { db: d, lookups: l } = open(raw);
      raw.exec("create table item (id integer primary key, name text not null)");
      raw.exec("create table tag (itemId integer, label text, weight real, bytes blob)");
      raw.prepare("insert into item values (?, ?)").run(1, "x");
      raw.prepare("insert into item values (?, ?)").run(2, "y");
      raw.prepare("insert into tag values (?, ?, ?, ?)").run(1, "first", 0.5, Buffer.from([1, 2, 3]));
      raw.prepare("insert into tag values (?, ?, ?, ?)").run(2, null, null, null);
      const query = sql<Record<string, unknown>>`select i.id as itemId, i.name, t.label as "the label", t.weight, t.bytes, t.itemId = 1 as first
        from item i left join tag t on t.itemId = i.id where i.id >= ${1} order by i.id`.compile(d);
      const expected = (await d.executeQuery(query)).rows;
      expect(expected).toHaveLength(2);
      expect(l.readNow!(query)).toEqual(expected);
      expect(l.readNow!(query)).toEqual([
        { itemId: 1, name: "x", "the label": "first", weight: 0.5, bytes: Buffer.from([1, 2, 3]), first: 1 },
        { itemId: 2, name: "y", "the label": null, weight: null, bytes: null, first: 0 },
      ]);
      const none = sql<Record<string, unknown>>`select id from item where id = ${99}`.compile(d);
      expect(l.readNow!(none)).toEqual([]);
      await d.destroy();
    });

    it("reads through a driver without better-sqlite3's raw mode as well", async () => {
      const raw = new SQLite(":memory:");
      // Only Kysely's SqliteDatabase interface: no raw(), no columns().
      const plain = {
        close: () => raw.close(),
        prepare: (text: string) => {
          const statement = raw.prepare(text);
          return {
            reader: statement.reader,
            all: (parameters: ReadonlyArray<unknown>) => statement.all(...parameters),
            run: (parameters: ReadonlyArray<unknown>) => statement.run(...parameters),
            iterate: (parameters: ReadonlyArray<unknown>) => statement.iterate(...parameters),
          };
        },
      };
      const { db: d, lookups: l } = open(plain);
      raw.exec("create table item (id integer primary key, name text not null)");
      await d.insertInto("item").values({ id: 3, name: "z" }).execute();
      expect(l.readNow!(select(d))).toEqual([{ id: 3, name: "z" }]);
      await d.destroy();
    });

    it("declines while a transaction holds the connection, so it never sees uncommitted rows", async () => {
      const readNow = lookups.readNow!;
      let finish!: () => void;
      const gate = new Promise<void>((resolve) => (finish = resolve));
      let inserted!: () => void;
      const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto("item").values({ id: 1, name: "uncommitted" }).execute();
        inserted();
        await gate;
        throw new Error("roll back");
      });
      await insertedSignal;
      expect(readNow(select(db))).toBeUndefined();
      finish();
      await expect(transaction).rejects.toThrow("roll back");
      expect(readNow(select(db))).toEqual([]);
    });

    it("declines while queries wait in line, and for statements that write", async () => {
      const readNow = lookups.readNow!;
      const queued = db.insertInto("item").values({ id: 5, name: "queued" }).execute();
      expect(readNow(select(db))).toBeUndefined();
      await queued;
      expect(readNow(select(db))).toEqual([{ id: 5, name: "queued" }]);
      expect(readNow(db.deleteFrom("item").compile())).toBeUndefined();
      expect(await db.selectFrom("item").select("id").execute()).toEqual([{ id: 5 }]);
    });

    it("read answers the same rows whether the connection is free or held, waiting its turn when held", async () => {
      await db.insertInto("item").values({ id: 1, name: "x" }).execute();
      expect(await lookups.read(select(db))).toEqual([{ id: 1, name: "x" }]);
      let finish!: () => void;
      const gate = new Promise<void>((resolve) => (finish = resolve));
      let inserted!: () => void;
      const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto("item").values({ id: 2, name: "committed" }).execute();
        inserted();
        await gate;
      });
      await insertedSignal;
      const waiting = lookups.read(select(db));
      finish();
      await transaction;
      expect(await waiting).toEqual([
        { id: 1, name: "x" },
        { id: 2, name: "committed" },
      ]);
    });
  });
});
