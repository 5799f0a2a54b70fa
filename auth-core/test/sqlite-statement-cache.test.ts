import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "../src/fast-path/sqlite.js";

describe("withStatementCache", () => {
  it("reuses the prepared statement for the same SQL and keeps results right", () => {
    const raw = new SQLite(":memory:");
    const db = withStatementCache(raw, 2);
    raw.exec("create table t (id integer primary key, v text)");
    const insert = db.prepare("insert into t (v) values (?)");
    expect(db.prepare("insert into t (v) values (?)")).toBe(insert);
    insert.run(["a"]);
    db.prepare("insert into t (v) values (?)").run(["b"]);
    expect(db.prepare("select v from t where id = ?").all([2])).toEqual([{ v: "b" }]);
    expect(db.prepare("select v from t where id = ?").all([1])).toEqual([{ v: "a" }]);
    db.close();
  });

  it("holds at most `limit` statements", () => {
    const raw = new SQLite(":memory:");
    const db = withStatementCache(raw, 2);
    const first = db.prepare("select 1");
    db.prepare("select 2");
    db.prepare("select 3"); // evicts "select 1"
    expect(db.prepare("select 1")).not.toBe(first);
    db.close();
  });
});
