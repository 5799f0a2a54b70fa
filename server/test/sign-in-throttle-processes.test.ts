import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinaryStatus, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

/**
 * A review found that the per-account throttle read its count before the password check and
 * wrote it after, so parallel guesses from many addresses were all checked (149 × 401, then the
 * right one 200). Two server processes on one PostgreSQL, rate limits on behind a trusted proxy,
 * each guess from its own IPv6 /64: only the per-account limit's worth are checked.
 */
const postgres = postgresBinaryStatus();

describe("the per-account throttle across two server processes on one PostgreSQL", () => {
  if (postgres.mustFail) {
    it("has the PostgreSQL binaries this test needs (CI=true: nothing may be skipped)", () => {
      throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin; run bash scripts/setup-system.sh");
    });
  }

  describe.skipIf(!postgres.bin)("60 parallel guesses split between them", () => {
    let cluster: PrivatePostgres;
    const instances: ServerProcess[] = [];

    beforeAll(async () => {
      cluster = await startPrivatePostgres(postgres.bin!);
      const env = { DATABASE_URL: cluster.url, RATE_LIMIT: "on", TRUSTED_PROXY: "on" };
      // The first applies the migrations; the second finds them applied.
      instances.push(await startServerProcess(env));
      instances.push(await startServerProcess(env));
    }, 120_000);

    afterAll(async () => {
      await Promise.all(instances.map((i) => i.kill()));
      cluster?.destroy();
    });

    let address = 0;
    function post(instance: ServerProcess, path: string, body: unknown): Promise<Response> {
      address += 1;
      return fetch(`${instance.baseURL}/api/auth${path}`, {
        method: "POST",
        headers: { origin: instance.baseURL, "content-type": "application/json", "x-forwarded-for": `2001:db8:25:${address.toString(16)}::1` },
        body: JSON.stringify(body),
      });
    }

    it("checks no more than the account's limit allows, and refuses the rest unchecked", async () => {
      const [a, b] = instances as [ServerProcess, ServerProcess];
      expect((await post(a, "/sign-up/email", { name: "Victim", email: "victim@example.com", password: "unusual-phrase-7" })).status).toBe(200);

      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => post(i % 2 === 0 ? a : b, "/sign-in/email", { email: "victim@example.com", password: `guess-${i}` })),
      );
      const seconds = (performance.now() - started) / 1000;
      const statuses = answers.map((r) => r.status);
      // These processes run on the wall clock: after the fifth failure the next attempt may go
      // ahead 1 s later, the one after 2 s after that, and so on. Over `seconds` at most
      // floor(log2(seconds + 1)) more are checked (the unthrottled count was 60).
      const checked = statuses.filter((s) => s === 401).length;
      expect(checked, `${checked} checked in ${seconds.toFixed(1)} s`).toBeGreaterThanOrEqual(5);
      expect(checked, `${checked} checked in ${seconds.toFixed(1)} s`).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds + 1)));
      // Every answer is one or the other; on failure the message lists the statuses (a 503 means a
      // request waited longer than the pool's connection timeout on an overloaded machine).
      expect(
        statuses.filter((s) => s === 429),
        `statuses: ${statuses.join(" ")}`,
      ).toHaveLength(60 - checked);
      const refused = answers.find((r) => r.status === 429)!;
      expect(await refused.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
      expect(Number(refused.headers.get("x-retry-after"))).toBeGreaterThanOrEqual(1);
    }, 60_000);
  });
});
