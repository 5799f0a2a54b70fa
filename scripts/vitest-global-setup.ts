import pg from "pg";
// By path, from source: the root project has no @gatehouse/source condition (and no build yet).
import { withPostgresSchemaLock } from "../auth-core/testing/test-database.js";

/**
 * Once per vitest run: names the run's PostgreSQL test schemas (t_<start time>_<random>_…), so
 * that a test process may empty a schema its test is done with and reuse it
 * (auth-core/testing/test-database.ts), and drops them all when the run ends. A run that is
 * killed leaves them to scripts/test.mjs, which drops test schemas older than an hour.
 */
export default function setup(): (() => Promise<void>) | undefined {
  const url = process.env.GATEHOUSE_TEST_PG_URL;
  if (!url) return undefined;
  const prefix = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  process.env.GATEHOUSE_TEST_SCHEMA_PREFIX = prefix;
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>("select nspname from pg_namespace where starts_with(nspname, $1)", [`${prefix}_`]);
      if (rows.length === 0) return;
      await withPostgresSchemaLock(url, (locked) => locked.query(`drop schema if exists ${rows.map((r) => `"${r.nspname}"`).join(", ")} cascade`));
    } finally {
      await client.end();
    }
  };
}
