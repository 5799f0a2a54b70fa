import type { KnipConfig } from "knip";

/**
 * knip: unused files, exports and dependencies go; one that is left fails the run.
 * `npm test` runs it before vitest (scripts/test.mjs). Each workspace's entry points come from
 * its package.json "exports" and the vite/vitest plugins (configs and test files); what those
 * cannot see is listed here. Test files are entries, so a helper used only by tests counts as
 * used.
 */
const config: KnipConfig = {
  // A stale ignore or a redundant entry fails the run too, so this file stays true.
  treatConfigHintsAsErrors: true,
  // A type that an exported value's inferred type uses must stay exported, or declaration emit
  // fails (TS4023, e.g. routes/email/request-password-reset.ts's ResetRequestAnswer).
  ignoreExportsUsedInFile: { interface: true, type: true },
  // util-linux's taskset pins the bench's processes to cores (scripts/bench/run.mjs), when present.
  // openssl (Debian's) makes the SAML tests' signing certificates (auth-core/testing/saml-idp.ts).
  ignoreBinaries: ["taskset", "openssl"],
  ignoreIssues: {
    // The bench loads the server's own packages (better-sqlite3, kysely, @hono/node-server),
    // which npm hoists from the server workspace to the root node_modules.
    "scripts/bench/*.mjs": ["unlisted"],
    // The common-password list's build reads auth-core's own dependency (@zxcvbn-ts/language-common).
    "scripts/build-common-passwords.ts": ["unlisted"],
    // STYLE-ANCHORS rule 11: each server call's module exports its fetcher, its queryOptions and
    // its hook, whether or not another module imports all three today.
    "web/src/features/*/api/*.ts": ["exports"],
  },
  workspaces: {
    ".": {
      entry: [
        // npm scripts (start, migrate, test, bench) and the bench's child processes, which
        // run.mjs starts by path.
        "scripts/*.{mjs,ts}",
        "scripts/bench/*.mjs",
      ],
      // A separate npm project, installed from packed tarballs of auth-core and migrations
      // (docs/library.md); its own `npm run check` runs it.
      ignore: ["examples/**"],
    },
    migrations: {
      // Kysely migrations: up/down are read through the Migration interface (index.ts lists the
      // modules as namespace objects).
      entry: ["src/2*.ts"],
    },
    "auth-core": {
      // The provider contract test imports every file in this folder by a computed URL.
      entry: ["test/providers/fixtures/*.ts"],
    },
    server: {
      ignoreDependencies: [
        // The development identity provider runs auth-core's testing entry, which imports
        // oidc-provider at run time; auth-core lists it (and its types) only for its own tests.
        "oidc-provider",
        "@types/oidc-provider",
        // Named as a pino transport target (logging.ts), loaded by pino in a worker.
        "pino-pretty",
        // Its folder is found with createRequire(...).resolve (api-reference.ts).
        "swagger-ui-dist",
      ],
    },
    web: {
      // The e2e project (web/e2e) names its global setup and setup file relative to its own
      // folder, which the vitest plugin resolves from web/ instead; the files are entries here.
      entry: ["e2e/support/global-setup.ts", "e2e/support/on-failure.ts"],
      ignoreUnresolved: ["./support/global-setup.ts", "./support/on-failure.ts"],
    },
  },
};

export default config;
