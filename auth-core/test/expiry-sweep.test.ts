import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, testDialects, type TestAuth } from "../testing/index.js";

/**
 * The expiry sweep (auth.deleteExpired, every ten minutes in the server) at a large size: it
 * finds ended sessions and rate-limit windows through an index, and deletes in batches with
 * other work let in between, so on SQLite (one thread) millions of expired rows never hold every
 * request for the length of one huge DELETE (docs/performance.md, "At a million people").
 */
const EXPIRED = 2_500;

describe.each(testDialects())("the expiry sweep on %s", (dialect) => {
  let t: TestAuth;

  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function seedExpired(): Promise<void> {
    const now = t.clock.now();
    const ended = new Date(now.getTime() - 60_000).toISOString();
    const live = new Date(now.getTime() + 86_400_000).toISOString();
    const stamp = now.toISOString();
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

  it("finds ended sessions and rate-limit windows through an index", async () => {
    const indexes =
      dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(t.database.db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(t.database.db)).rows;
    expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(["session_expiresAt_idx", "rateLimit_windowEndsAt_idx"]));
  });
});
