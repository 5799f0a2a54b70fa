import {
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { APIError, type Auth, type PasswordHasher } from "../src/index.js";
import { createTestAuth, createTestAuthBeside, createTestBrowser, TEST_SCRYPT_PARAMS, testDialects, type TestAuth } from "../testing/index.js";
import { createScryptHasher } from "../src/crypto/password.js";

/** A hasher that counts its hashes, and can be made to fail. */
function countingHasher(): PasswordHasher & { hashes: number; failNext: boolean } {
  const inner = createScryptHasher(TEST_SCRYPT_PARAMS);
  const hasher = {
    hashes: 0,
    failNext: false,
    async hash(password: string, salt: Uint8Array): Promise<string> {
      hasher.hashes += 1;
      if (hasher.failNext) {
        hasher.failNext = false;
        throw new Error("hash failed");
      }
      return inner.hash(password, salt);
    },
    verify: (password: string, stored: string) => inner.verify(password, stored),
  };
  return hasher;
}

/** What a call answered: "ok" or the refusal's code. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "ok";
  } catch (error) {
    if (error instanceof APIError) return error.code;
    throw error;
  }
}

/**
 * set-password hashes once per person however many calls race: the password account is claimed
 * in the database before the hash, so the losers (in this process or another on the same
 * database) answer USER_ALREADY_HAS_PASSWORD without running scrypt. The security review sent
 * 200 calls in one tRPC batch from one anonymous session: 200 hashes.
 */
describe.each(testDialects())("set-password under concurrent calls on %s", (dialect) => {
  let t: TestAuth;
  let hasher: ReturnType<typeof countingHasher>;
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  async function start(): Promise<{ cookie: string; userId: string }> {
    hasher = countingHasher();
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, emailAndPassword: { passwordHasher: hasher } } });
    const browser = createTestBrowser(t.auth);
    const answer = await browser.post("/sign-in/anonymous", {});
    expect(answer.status).toBe(200);
    const { user } = (await answer.json()) as { user: { id: string } };
    hasher.hashes = 0;
    return { cookie: browser.cookieHeader(), userId: user.id };
  }

  const setPassword = (auth: Auth, cookie: string, newPassword: string) => auth.api.setPassword({ body: { newPassword }, headers: { cookie } });

  const passwordRows = () => t.database.db.selectFrom("account").select(["userId", "password"]).where("providerId", "=", "credential").execute();
  const setRows = () => t.database.db.selectFrom("securityEvent").select("id").where("type", "=", "password-set").execute();

  it("twenty simultaneous calls, half through a second auth instance (another process): one hash, one password, one audit row", async () => {
    const { cookie, userId } = await start();
    const second = createTestAuthBeside(t, { rateLimit: { enabled: false }, emailAndPassword: { passwordHasher: hasher } });
    hasher.hashes = 0; // the second instance hashed its dummy password (sign-in's unknown-user timing)
    const calls = Array.from({ length: 20 }, (_, i) => outcome(setPassword(i % 2 === 0 ? t.auth : second, cookie, `Unusual-Battery-${i}-Staple-Horse`)));
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "USER_ALREADY_HAS_PASSWORD")).toHaveLength(19);
    expect(hasher.hashes).toBe(1);
    const rows = await passwordRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(userId);
    expect(rows[0]!.password).toMatch(/^scrypt\$/);
    expect(await setRows()).toHaveLength(1);
    await second.settled();
  });

  // PostgreSQL only: holding a read's answer holds its connection, and SQLite's one connection is
  // what the other call needs to finish. The interleaving is the one a loaded machine produced
  // (trpc-boundaries: 2 hashes for a batch of 10 calls, under test-under-load.sh).
  if (dialect === "postgres")
    it("a call that read before another's password was written, and claims after it was given back, reads again and does not hash", async () => {
      const { cookie } = await start();
      // The second instance's reads of the account table wait at `gate` once armed: its first read
      // (no password yet) is answered only after the first instance's call has finished.
      let armed = false;
      let held: () => void = () => undefined;
      const holding = new Promise<void>((resolve) => (held = resolve));
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const accountReads = new Set<unknown>();
      const holdAccountRead: KyselyPlugin = {
        transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
          const from = node.kind === "SelectQueryNode" ? node.from?.froms[0] : undefined;
          if (from && TableNode.is(from) && from.table.identifier.name === "account") accountReads.add(queryId);
          return node;
        },
        async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
          if (armed && accountReads.has(queryId)) {
            armed = false;
            held();
            await gate;
          }
          return result;
        },
      };
      const second = createTestAuthBeside(
        { ...t, database: { ...t.database, db: t.database.db.withPlugin(holdAccountRead) } },
        { rateLimit: { enabled: false }, emailAndPassword: { passwordHasher: hasher } },
      );
      hasher.hashes = 0;
      armed = true;
      const late = outcome(setPassword(second, cookie, "Unusual-Battery-1-Staple-Horse"));
      await holding;
      expect(await outcome(setPassword(t.auth, cookie, "Unusual-Battery-0-Staple-Horse"))).toBe("ok");
      release();
      expect(await late).toBe("USER_ALREADY_HAS_PASSWORD");
      expect(hasher.hashes).toBe(1);
      expect(await setRows()).toHaveLength(1);
      await second.settled();
    });

  it("a failed hash gives the claim back: the next call sets the password", async () => {
    const { cookie } = await start();
    hasher.failNext = true;
    await expect(setPassword(t.auth, cookie, "Unusual-Battery-Staple-Horse")).rejects.toThrow("hash failed");
    expect(await passwordRows()).toEqual([]);
    expect(await setPassword(t.auth, cookie, "Unusual-Battery-Staple-Horse")).toEqual({ status: true });
    expect(await setRows()).toHaveLength(1);
  });

  it("a claim left by a process that stopped mid-hash holds for a minute, then lapses", async () => {
    const { cookie, userId } = await start();
    const now = t.clock.now();
    await t.database.db
      .insertInto("rateLimit")
      .values({ key: `set-password-claim:${userId}`, count: 1, windowEndsAt: new Date(now.getTime() + 60_000).toISOString() })
      .execute();
    expect(await outcome(setPassword(t.auth, cookie, "Unusual-Battery-Staple-Horse"))).toBe("USER_ALREADY_HAS_PASSWORD");
    expect(hasher.hashes).toBe(0);
    t.clock.advance(60_000);
    const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => outcome(setPassword(t.auth, cookie, `Unusual-Battery-${i}-Staple-Horse`))));
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(hasher.hashes).toBe(1);
    expect((await passwordRows())[0]!.password).toMatch(/^scrypt\$/);
    // The claim is given back once the password is written.
    expect(await t.database.db.selectFrom("rateLimit").select("key").where("key", "like", "set-password-claim:%").execute()).toEqual([]);
  });

  it("a password account without a password (an admin created the person without one) gets its password at once", async () => {
    const { cookie, userId } = await start();
    const at = t.clock.now().toISOString();
    await t.database.db
      .insertInto("account")
      .values({ id: "created", accountId: userId, providerId: "credential", userId, password: null, createdAt: at, updatedAt: at })
      .execute();
    expect(await setPassword(t.auth, cookie, "Unusual-Battery-Staple-Horse")).toEqual({ status: true });
    expect(await passwordRows()).toEqual([{ userId, password: expect.stringMatching(/^scrypt\$/) as unknown }]);
  });

  it("a password written meanwhile by a reset or an admin (which take no claim) is kept: the claimant answers USER_ALREADY_HAS_PASSWORD", async () => {
    for (const existing of [false, true]) {
      const { cookie, userId } = await start();
      const at = t.clock.now().toISOString();
      if (existing)
        await t.database.db
          .insertInto("account")
          .values({ id: "created", accountId: userId, providerId: "credential", userId, password: null, createdAt: at, updatedAt: at })
          .execute();
      const inner = hasher.hash.bind(hasher);
      hasher.hash = async (password, salt) => {
        const hash = await inner(password, salt);
        // A reset inserts the password account, an admin's set-user-password updates it.
        if (existing) await t.database.db.updateTable("account").set({ password: "scrypt$other" }).where("userId", "=", userId).execute();
        else
          await t.database.db
            .insertInto("account")
            .values({ id: "other", accountId: userId, providerId: "credential", userId, password: "scrypt$other", createdAt: at, updatedAt: at })
            .execute();
        return hash;
      };
      expect(await outcome(setPassword(t.auth, cookie, "Unusual-Battery-Staple-Horse"))).toBe("USER_ALREADY_HAS_PASSWORD");
      expect(await passwordRows()).toEqual([{ userId, password: "scrypt$other" }]);
      expect(await setRows()).toEqual([]);
      if (!existing) {
        await t.auth.settled();
        await t.destroy();
      }
    }
  });
});
