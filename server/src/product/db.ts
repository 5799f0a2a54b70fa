import type { Database } from "@gatehouse/auth-core";
import type { Kysely, Transaction } from "kysely";

/**
 * The product's handle on the database: the Kysely instance the server opens and gives
 * createAuth (auth.context.db), or a transaction of it. auth-core owns the schema and writes the
 * audit rows; the product reads them and keeps its own organization state (the plan).
 */
export type DB = Kysely<Database> | Transaction<Database>;
