import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinaryStatus, startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

/**
 * Someone is always an admin, also when the two requests that would leave none reach two server
 * processes on one PostgreSQL at the same moment (each with its own pool: no lock in memory can
 * order them, only the database's). Ada's request goes to one process, Bob's to the other; in
 * every round exactly one passes and one admin who can act is left.
 */
const postgres = postgresBinaryStatus();
const PASSWORD = "unusual-phrase-7";
const ROUNDS = 6;

describe("the last admin across two server processes on one PostgreSQL", () => {
  if (postgres.mustFail) {
    it("has the PostgreSQL binaries this test needs (CI=true: nothing may be skipped)", () => {
      throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin; run bash scripts/setup-system.sh");
    });
  }

  describe.skipIf(!postgres.bin)("two admins acting on each other at once", () => {
    let cluster: PrivatePostgres;
    let sql: pg.Client;
    const instances: ServerProcess[] = [];

    beforeAll(async () => {
      cluster = await startPrivatePostgres(postgres.bin!);
      // The first applies the migrations; the second finds them applied.
      instances.push(await startServerProcess({ DATABASE_URL: cluster.url }));
      instances.push(await startServerProcess({ DATABASE_URL: cluster.url }));
      sql = new pg.Client({ connectionString: cluster.url });
      await sql.connect();
    }, 120_000);

    afterAll(async () => {
      await sql?.end();
      await Promise.all(instances.map((i) => i.kill()));
      cluster?.destroy();
    });

    interface Admin {
      id: string;
      email: string;
      /** The process this admin's requests go to. */
      instance: ServerProcess;
      cookie: string;
    }

    function post(instance: ServerProcess, path: string, body: unknown, cookie?: string): Promise<Response> {
      const headers: Record<string, string> = { origin: instance.baseURL, "content-type": "application/json" };
      if (cookie) headers.cookie = cookie;
      return fetch(`${instance.baseURL}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    }

    const cookieOf = (answer: Response): string =>
      answer.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");

    /** Signs the person in on their process (a new session each round: a removal or ban ends the old one). */
    async function signIn(admin: Admin): Promise<void> {
      const answer = await post(admin.instance, "/sign-in/email", { email: admin.email, password: PASSWORD });
      expect(answer.status, await answer.clone().text()).toBe(200);
      admin.cookie = cookieOf(answer);
    }

    /** Ada on the first process, Bob on the second, both admins under no ban and signed in. */
    async function twoAdmins(round: string): Promise<[Admin, Admin]> {
      const [first, second] = instances as [ServerProcess, ServerProcess];
      const admins: Admin[] = [];
      for (const [name, instance] of [
        ["ada", first],
        ["bob", second],
      ] as const) {
        const email = `${name}-${round}@example.com`;
        const signedUp = await post(instance, "/sign-up/email", { name, email, password: PASSWORD });
        expect(signedUp.status, await signedUp.clone().text()).toBe(200);
        const { user } = (await signedUp.json()) as { user: { id: string } };
        admins.push({ id: user.id, email, instance, cookie: cookieOf(signedUp) });
      }
      // Every earlier round's admins lose the role: each round starts with exactly these two.
      await sql.query(`update "user" set role = 'user' where role like '%admin%'`);
      await sql.query(`update "user" set role = 'admin' where id = any($1)`, [admins.map((a) => a.id)]);
      return admins as [Admin, Admin];
    }

    /** The admins whom no ban holds (these tests set no end to a ban). */
    async function adminsAbleToAct(): Promise<number> {
      const { rows } = await sql.query<{ n: string }>(`select count(*) as n from "user" where role like '%admin%' and (banned is null or banned <> 1)`);
      return Number(rows[0]!.n);
    }

    async function codeOf(answer: Response): Promise<string> {
      if (answer.status === 200) return "OK";
      return ((await answer.json()) as { code: string }).code;
    }

    // The refusals each race may end in: the last-admin guard's, under the admins' row locks, or
    // (when the winner committed before the loser's request was read) the admin gate's, whose
    // code for update-user is its own permission's.
    it.each<[string, (target: Admin) => [path: string, body: unknown], readonly string[]]>([
      ["demote each other (set-role)", (target) => ["/admin/set-role", { userId: target.id, role: "user" }], ["YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE"]],
      [
        "demote each other (update-user role)",
        (target) => ["/admin/update-user", { userId: target.id, data: { role: "user" } }],
        ["YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE", "YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS"],
      ],
      ["ban each other", (target) => ["/admin/ban-user", { userId: target.id }], ["YOU_ARE_NOT_ALLOWED_TO_BAN_USERS"]],
      ["remove each other", (target) => ["/admin/remove-user", { userId: target.id }], ["YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS"]],
    ])(
      "%s: in each round one passes, the other is refused, one admin is left",
      async (name, request, refusals) => {
        for (let round = 0; round < ROUNDS; round++) {
          const label = `${name.replace(/\W+/g, "-")}-${round}`;
          const [ada, bob] = await twoAdmins(label);
          await signIn(ada);
          await signIn(bob);
          const answers = await Promise.all([post(ada.instance, ...request(bob), ada.cookie), post(bob.instance, ...request(ada), bob.cookie)]);
          const codes = await Promise.all(answers.map(codeOf));
          // The second finds, under the admins' row locks, that it is no longer an admin who can
          // act (or, had the first committed before it came in, its session already ended: 401).
          expect(
            codes.filter((code) => code === "OK"),
            `round ${round}: ${codes.join(", ")}`,
          ).toHaveLength(1);
          expect([...refusals, "UNAUTHORIZED"], `round ${round}: ${codes.join(", ")}`).toContain(codes.find((code) => code !== "OK"));
          expect(await adminsAbleToAct(), `round ${round}`).toBe(1);
        }
      },
      120_000,
    );
  });
});
