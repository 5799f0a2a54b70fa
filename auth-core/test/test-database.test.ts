import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase } from "../testing/test-database.js";

/**
 * The test databases themselves: on PostgreSQL within a vitest run, a schema a test is done with
 * is emptied and handed to the process's next test. A CI run failed when one schema (and its
 * pool) went to two tests: a test had destroyed its database twice, and the first of the two
 * later tests to drop a table ended the pool under the other.
 */
describe.runIf(process.env.GATEHOUSE_TEST_PG_URL && process.env.GATEHOUSE_TEST_SCHEMA_PREFIX)("the PostgreSQL test databases", () => {
  const schemaOf = async (database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<string> =>
    (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]!.schema;

  it("hand a schema destroyed twice to one later test only", async () => {
    const first = await createTestDatabase("postgres");
    const schema = await schemaOf(first);
    await Promise.all([first.destroy(), first.destroy()]);
    await first.destroy();

    const second = await createTestDatabase("postgres");
    const third = await createTestDatabase("postgres");
    try {
      expect(await schemaOf(second)).toBe(schema);
      expect(await schemaOf(third)).not.toBe(schema);
      await second.dropTable("session");
      await second.destroy();
      // The third's pool is its own, still open.
      expect(await third.db.selectFrom("user").select("id").execute()).toEqual([]);
    } finally {
      await second.destroy();
      await third.destroy();
    }
  });
});
