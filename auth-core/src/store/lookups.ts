import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "./database.js";

/**
 * How the hot path's prepared lookups run (the session by its token's hash on every signed-in
 * request, an API key by its hash): given by the database setup beside its Kysely instance
 * (`openSQLite` for SQLite; the server's PostgreSQL setup), so that nothing reaches into Kysely.
 * Each query is one of auth-core's own: compiled once, read-only, naming every column it reads.
 */
export interface Lookups {
  /** Runs the query and answers its rows. */
  read<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
  /**
   * The rows at once, or undefined when the database cannot answer without waiting (the
   * connection is in use): for the fast path, which then leaves the request to the router.
   */
  readNow?<Row>(query: CompiledQuery<Row>): Row[] | undefined;
}

/** The lookups of a Kysely instance given without any: run through Kysely as any query is. */
export function kyselyLookups(db: Kysely<Database>): Lookups {
  return { read: async (query) => (await db.executeQuery(query)).rows };
}

/** A lookup by one key, compiled once: the query for a key and the answer its rows give. */
export interface PreparedLookup<Row, Found> {
  query(key: string): CompiledQuery<Row>;
  found(rows: readonly Row[]): Found | null;
}

/** A prepared lookup run through `lookups`. */
export function runLookup<Row, Found>(lookups: Lookups, prepared: PreparedLookup<Row, Found>): (key: string) => Promise<Found | null> {
  return async (key) => prepared.found(await lookups.read(prepared.query(key)));
}
