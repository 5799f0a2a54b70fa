import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import * as initialSchema from "./2026_11_22_000000_initial_schema.js";
import * as signInThrottle from "./2026_11_25_000000_sign_in_throttle.js";
import * as jwks from "./2026_11_25_000100_jwks.js";
import * as auditLog from "./2026_11_25_000200_audit_log.js";
import * as memberLastActive from "./2026_11_26_000100_member_last_active.js";
import * as twoFactor from "./2026_11_26_000200_two_factor.js";
import * as admin from "./2026_11_26_000300_admin.js";
import * as apiKeys from "./2026_11_26_000400_api_keys.js";
import * as verificationValueIndex from "./2026_11_26_000500_verification_value_index.js";
import * as twoFactorMailedCodes from "./2026_11_29_000100_two_factor_mailed_codes.js";
import * as oauthProvider from "./2026_11_29_000200_oauth_provider.js";
import * as enterpriseSso from "./2026_11_29_000300_enterprise_sso.js";
import * as oauthClientIdTokenAlg from "./2026_11_29_000400_oauth_client_id_token_alg.js";
import * as oauthTokenPartialIndexes from "./2026_11_29_000500_oauth_token_partial_indexes.js";
import * as expiryIndexes from "./2026_11_29_001000_expiry_indexes.js";
import * as memberPageIndex from "./2026_11_29_002200_member_page_index.js";
import * as sessionImpersonatedByIndex from "./2026_11_29_002500_session_impersonated_by_index.js";

/**
 * A static provider: the list is compiled in, so migrations run the same under tsx, vitest
 * and the built server (Kysely's FileMigrationProvider fails under vitest: kysely is not inlined
 * there, so its import() of a .ts migration runs in plain Node, which cannot load it).
 * Names sort in the order they run.
 */
const MIGRATIONS: Record<string, Migration> = {
  "2026_11_22_000000_initial_schema": initialSchema,
  "2026_11_25_000000_sign_in_throttle": signInThrottle,
  "2026_11_25_000100_jwks": jwks,
  "2026_11_25_000200_audit_log": auditLog,
  "2026_11_26_000100_member_last_active": memberLastActive,
  "2026_11_26_000200_two_factor": twoFactor,
  "2026_11_26_000300_admin": admin,
  "2026_11_26_000400_api_keys": apiKeys,
  "2026_11_26_000500_verification_value_index": verificationValueIndex,
  "2026_11_29_000100_two_factor_mailed_codes": twoFactorMailedCodes,
  "2026_11_29_000200_oauth_provider": oauthProvider,
  "2026_11_29_000300_enterprise_sso": enterpriseSso,
  "2026_11_29_000400_oauth_client_id_token_alg": oauthClientIdTokenAlg,
  "2026_11_29_000500_oauth_token_partial_indexes": oauthTokenPartialIndexes,
  "2026_11_29_001000_expiry_indexes": expiryIndexes,
  "2026_11_29_002200_member_page_index": memberPageIndex,
  "2026_11_29_002500_session_impersonated_by_index": sessionImpersonatedByIndex,
};

const staticProvider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => MIGRATIONS,
};

export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    cause: unknown,
  ) {
    super(`migration failed${migrationName ? `: ${migrationName}` : ""}`, { cause });
    this.name = "MigrationFailedError";
  }
}

export interface MigrateOptions {
  /**
   * PostgreSQL schema that holds Kysely's bookkeeping tables. Name it when the database has
   * several schemas (tests use one per run): Kysely looks for its tables across all of them.
   */
  migrationTableSchema?: string;
}

/** Applies every pending migration; returns the names applied now. */
export async function migrateToLatest<DB>(db: Kysely<DB>, options: MigrateOptions = {}): Promise<string[]> {
  const migrator = new Migrator({ db, provider: staticProvider, migrationTableSchema: options.migrationTableSchema });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new MigrationFailedError(failed?.migrationName, error);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Applies pending migrations up to and including `name` (tests of a migration that carries rows
 * over: migrate to the one before, write old rows, then migrate to latest).
 */
export async function migrateTo<DB>(db: Kysely<DB>, name: string, options: MigrateOptions = {}): Promise<string[]> {
  if (!Object.hasOwn(MIGRATIONS, name)) throw new Error(`no migration named ${name}`);
  const migrator = new Migrator({ db, provider: staticProvider, migrationTableSchema: options.migrationTableSchema });
  const { error, results }: MigrationResultSet = await migrator.migrateTo(name);
  if (error) {
    const failed = results?.find((r) => r.status === "Error");
    throw new MigrationFailedError(failed?.migrationName, error);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
