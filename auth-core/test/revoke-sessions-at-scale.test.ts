import { describe, expect, it } from "vitest";
import { deleteImpersonationsBy } from "../src/store/session-store.js";
import { createTestAuth, planOf, statementsOf, testDialects } from "../testing/index.js";

/**
 * revoke-sessions at a million people (docs/performance.md): ending a person's sessions also ends
 * the impersonations they started, found by `impersonatedBy`. Without an index that read every
 * session of the installation (10 M there: 0.6–5.5 s a revoke).
 */
describe.each(testDialects())("revoke-sessions at scale on %s", (dialect) => {
  it("finds the impersonation sessions a person started through an index, not by reading every session", async () => {
    const t = await createTestAuth({ dialect });
    try {
      const db = t.database.db;
      const [statement] = await statementsOf(db, (counted) => deleteImpersonationsBy(counted, "an-admin"));
      const plan = await planOf(db, dialect, statement!);
      expect(plan).toContain("session_impersonatedBy_idx");
    } finally {
      await t.destroy();
    }
  });
});
