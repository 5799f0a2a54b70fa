import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteInBatches, nextBatchLimit, SWEEP_BATCH_LIMITS } from "../src/store/batched-delete.js";
import { createManualClock } from "../src/deps/clock.js";
import { pauseAfterBatch } from "../src/deps/sweep-pacer.js";
import { expiredSessionsBatch } from "../src/store/session-store.js";
import { createTestAuth, createTestAuthBeside, testDialects, type TestAuth } from "../testing/index.js";

/**
 * The expiry sweep (auth.deleteExpired, every ten minutes in the server) at a large size: it
 * finds ended sessions and rate-limit windows through an index, and deletes in batches with
 * other work let in between, so on SQLite (one thread) millions of expired rows never hold every
 * request for the length of one huge DELETE (docs/performance.md, "At a million people").
 */
const EXPIRED = 2_500;

describe("the expiry sweep's pace", () => {
  it("sizes a batch toward the time slice: larger after quick ones, smaller after slow ones, within bounds", () => {
    const { first, min, max, sliceMs } = SWEEP_BATCH_LIMITS;
    expect(nextBatchLimit(first, 0)).toBe(first * 2);
    expect(nextBatchLimit(first, sliceMs)).toBe(first);
    expect(nextBatchLimit(first, sliceMs * 4)).toBe(first / 4);
    expect(nextBatchLimit(max, 0)).toBe(max);
    expect(nextBatchLimit(min, 10_000)).toBe(min);
  });

  it("starts each batch where the last one ended (PostgreSQL keeps deleted rows in the index until a vacuum)", async () => {
    // At 1,000,000 people each batch walked every index entry the sweep had already deleted:
    // 5,800 buffers for 200 rows after 60,000 deleted, growing with each batch.
    const keys = Array.from({ length: 1_000 }, (_, i) => `k${String(Math.floor(i / 3)).padStart(4, "0")}`);
    let next = 0;
    const calls: { limit: number; from: string | null }[] = [];
    const total = await deleteInBatches({ clock: createManualClock(new Date(0)), pacer: { pause: async () => undefined } }, async (limit, from) => {
      calls.push({ limit, from });
      expect(from === null || keys[next - 1] === from).toBe(true);
      const batch = keys.slice(next, next + limit);
      next += batch.length;
      return batch;
    });
    expect(total).toBe(1_000);
    expect(calls.map((c) => c.from)).toEqual([null, keys[199], keys[599]]);
  });

  it("pauses briefly while the server is idle and for several batches' time while it is busy", () => {
    expect(pauseAfterBatch(10, 0)).toBeLessThanOrEqual(2);
    expect(pauseAfterBatch(10, 1)).toBe(90);
    expect(pauseAfterBatch(10, 0.25)).toBeGreaterThan(pauseAfterBatch(10, 0.05));
    expect(pauseAfterBatch(10, 0.25)).toBeLessThan(90);
  });
});

describe.each(testDialects())("the expiry sweep on %s", (dialect) => {
  let t: TestAuth;

  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => {
    await t.destroy();
  });

  /** The person every test session belongs to. */
  async function insertSweepUser(stamp: string): Promise<void> {
    await t.database.db
      .insertInto("user")
      .values({
        id: "sweep-user",
        name: "Sweep",
        email: "sweep@example.com",
        emailVerified: 1,
        image: null,
        isAnonymous: 0,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
  }

  async function seedExpired(): Promise<void> {
    const now = t.clock.now();
    const ended = new Date(now.getTime() - 60_000).toISOString();
    const live = new Date(now.getTime() + 86_400_000).toISOString();
    const stamp = now.toISOString();
    await insertSweepUser(stamp);
    const row = (i: number, expiresAt: string) => ({
      id: `s-${i}`,
      tokenHash: `h-${i}`,
      userId: "sweep-user",
      expiresAt,
      rememberMe: 1,
      createdAt: stamp,
      updatedAt: stamp,
    });
    for (let i = 0; i < EXPIRED; i += 500) {
      await t.database.db
        .insertInto("session")
        .values(Array.from({ length: 500 }, (_, k) => row(i + k, ended)))
        .execute();
    }
    await t.database.db.insertInto("session").values(row(EXPIRED, live)).execute();
  }

  it("removes every expired session, across batches, and keeps the live one", async () => {
    await seedExpired();
    expect(await t.auth.deleteExpired()).toMatchObject({ sessions: EXPIRED });
    const left = await t.database.db.selectFrom("session").select("id").execute();
    expect(left).toEqual([{ id: `s-${EXPIRED}` }]);
  });

  it.runIf(dialect === "sqlite")("lets other work run between its batches (SQLite answers on one thread)", async () => {
    await seedExpired();
    let finished = false;
    const sweep = t.auth.deleteExpired().then((removed) => {
      finished = true;
      return removed;
    });
    // One turn of the event loop: a sweep that never yields has already run every DELETE by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(false);
    const { n } = await t.database.db
      .selectFrom("session")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(1);
    expect((await sweep).sessions).toBe(EXPIRED);
  });

  it("deletes exactly the expired sessions in batches, pausing through the injected pacer between them", async () => {
    // Live sessions among the expired ones (seven expired ones share each instant, so batches end
    // inside a run of equal expiries), one ending at this very instant (expired) and one a
    // millisecond later (live): the sweep's bound is `expiresAt <= now`.
    const now = t.clock.now();
    const stamp = now.toISOString();
    await insertSweepUser(stamp);
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const rows = Array.from({ length: EXPIRED + 100 }, (_, i) => {
      const live = i % 26 === 25;
      return {
        id: `s-${i}`,
        tokenHash: `h-${i}`,
        userId: "sweep-user",
        expiresAt: live ? at(86_400_000 - i) : at(-60_000 - Math.floor(i / 7)),
        rememberMe: 1,
        createdAt: stamp,
        updatedAt: stamp,
      };
    });
    rows.push({ ...rows[0]!, id: "s-now", tokenHash: "h-now", expiresAt: at(0) });
    rows.push({ ...rows[0]!, id: "s-next", tokenHash: "h-next", expiresAt: at(1) });
    for (let i = 0; i < rows.length; i += 500)
      await t.database.db
        .insertInto("session")
        .values(rows.slice(i, i + 500))
        .execute();
    const expired = rows.filter((r) => r.expiresAt <= stamp).length;
    const live = rows.filter((r) => r.expiresAt > stamp).map((r) => r.id);

    const left: number[] = [];
    // A second service on the same database and clock (as another server process), with a pacer
    // that counts what is left at each pause instead of waiting.
    const paced = createTestAuthBeside(t, {
      sweepPacer: {
        async pause(batchMs) {
          expect(batchMs).toBeGreaterThanOrEqual(0);
          const { n } = await t.database.db
            .selectFrom("session")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          left.push(Number(n));
        },
      },
    });
    expect((await paced.deleteExpired()).sessions).toBe(expired);
    const kept = await t.database.db.selectFrom("session").select("id").orderBy("id").execute();
    expect(kept.map((r) => r.id)).toEqual([...live].sort());
    // More than one batch, a pause after each full one, every pause with fewer rows left.
    expect(left.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < left.length; i++) expect(left[i]).toBeLessThan(left[i - 1]!);
    expect(left[0]).toBeLessThan(rows.length);
  });

  it("runs one sweep at a time: a call while one runs answers that sweep", async () => {
    await seedExpired();
    const first = t.auth.deleteExpired();
    expect(t.auth.deleteExpired()).toBe(first);
    expect((await first).sessions).toBe(EXPIRED);
    expect((await t.auth.deleteExpired()).sessions).toBe(0);
  });

  it("walks session_expiresAt_idx for each batch even when most sessions are expired (no table scan)", async () => {
    await seedExpired();
    // With statistics showing nearly every row expired, a LIMIT without an order let the planner
    // scan the table from its start: at 1,000,000 people past the 3,000,000 live sessions, each batch.
    await sql`analyze ${sql.table("session")}`.execute(t.database.db);
    const query = expiredSessionsBatch(t.database.db, t.clock.now().toISOString(), 100).compile();
    const explain = dialect === "sqlite" ? "explain query plan" : "explain";
    const { rows } = await t.database.db.executeQuery<Record<string, string>>({ ...query, sql: `${explain} ${query.sql}` });
    const plan = rows.map((r) => r.detail ?? r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("session_expiresAt_idx");
  });

  it("removes audit rows past the retention, across batches, and keeps the recent one", async () => {
    const sweeping = await createTestAuth({ dialect, options: { auditLog: { retentionDays: 30 } } });
    try {
      const now = sweeping.clock.now().getTime();
      const event = (i: number, at: number) => ({
        id: `ev-${String(i).padStart(5, "0")}`,
        userId: null,
        type: "sign-in" as const,
        outcome: "success" as const,
        createdAt: new Date(at).toISOString(),
      });
      const old = Array.from({ length: 1_200 }, (_, i) => event(i, now - 31 * 86_400_000 - i * 1000));
      for (let i = 0; i < old.length; i += 400)
        await sweeping.database.db
          .insertInto("securityEvent")
          .values(old.slice(i, i + 400))
          .execute();
      await sweeping.database.db
        .insertInto("securityEvent")
        .values(event(9_999, now - 86_400_000))
        .execute();
      expect(await sweeping.auth.deleteExpired()).toMatchObject({ securityEvents: 1_200 });
      expect(await sweeping.database.db.selectFrom("securityEvent").select("id").execute()).toEqual([{ id: "ev-09999" }]);
    } finally {
      await sweeping.destroy();
    }
  });

  it("removes the rate limiter's ended windows, across batches, and keeps the open ones (no request waits for it)", async () => {
    const now = t.clock.now().getTime();
    const window = (key: string, endsInMs: number) => ({ key, count: 3, windowEndsAt: new Date(now + endsInMs).toISOString() });
    const ended = Array.from({ length: 450 }, (_, i) => window(`ended-${i}`, -1_000 - i));
    for (let i = 0; i < ended.length; i += 150)
      await t.database.db
        .insertInto("rateLimit")
        .values(ended.slice(i, i + 150))
        .execute();
    await t.database.db
      .insertInto("rateLimit")
      .values([window("open", 5_000), window("ends-now", 0)])
      .execute();
    expect((await t.auth.deleteExpired()).rateLimitWindows).toBe(ended.length + 1);
    const left = await t.database.db.selectFrom("rateLimit").select("key").execute();
    expect(left.map((row) => row.key)).toEqual(["open"]);
  });

  it("finds ended sessions and rate-limit windows through an index", async () => {
    const indexes =
      dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(t.database.db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(t.database.db)).rows;
    expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(["session_expiresAt_idx", "rateLimit_windowEndsAt_idx"]));
  });
});
