import type { DB, VerificationRow } from "./database.js";
import { deleteInBatches, type SweepPace } from "./batched-delete.js";

/**
 * Every flow that keeps values in the verification table. The flow is part of every read and
 * write: a lookup names its flow, and the row's identifier is the flow's prefix followed by the
 * key, so a value issued by one flow (an OAuth state, a reset token, a magic link, a mailed code)
 * is never found by another, whatever its characters (the class of CVE-2026-110862: one table,
 * looked up by token without the flow).
 */
export type VerificationFlow =
  | "reset-password"
  | "delete-account"
  | "email-verification"
  | "invitation-sign-up"
  | "oauth-state"
  | "id-token-use"
  | "passkey-challenge"
  | "trust-device"
  | "first-proof-mailbox"
  | "first-proof-proven"
  | "magic-link"
  | "email-otp"
  | "saml-flow"
  | "banned-session";

/**
 * Each flow's prefix. These are the identifiers rows have always had (a deployed database keeps
 * its live links and markers); no prefix is a prefix of another, so no key can reach across.
 */
const FLOW_PREFIX: Readonly<Record<VerificationFlow, string>> = {
  "reset-password": "reset-password:",
  "delete-account": "delete-account-",
  "email-verification": "email-verification:",
  "invitation-sign-up": "invitation-sign-up:",
  "oauth-state": "oauth-state:",
  "id-token-use": "id-token-use:",
  "passkey-challenge": "passkey-challenge:",
  "trust-device": "trust-device:",
  "first-proof-mailbox": "first-proof-mailbox:",
  "first-proof-proven": "first-proof-proven:",
  "magic-link": "magic-link:",
  "email-otp": "email-otp:",
  "saml-flow": "saml-flow:",
  "banned-session": "banned-session:",
};

function identifierOf(flow: VerificationFlow, key: string): string {
  return `${FLOW_PREFIX[flow]}${key}`;
}

export interface NewVerification {
  id: string;
  flow: VerificationFlow;
  /** The flow's own key (a token's hash, a user id, `type:address`); stored after the flow's prefix. */
  key: string;
  value: string;
  expiresAt: Date;
  now: Date;
}

export async function insertVerification(db: DB, v: NewVerification): Promise<void> {
  const now = v.now.toISOString();
  await db
    .insertInto("verification")
    .values({
      id: v.id,
      identifier: identifierOf(v.flow, v.key),
      value: v.value,
      expiresAt: v.expiresAt.toISOString(),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export async function findVerification(db: DB, flow: VerificationFlow, key: string, now: Date): Promise<VerificationRow | undefined> {
  return db
    .selectFrom("verification")
    .selectAll()
    .where("identifier", "=", identifierOf(flow, key))
    .where("expiresAt", ">", now.toISOString())
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

/** The flow's row for `key`, expired or not (a mailed code tells an expired one from none). */
export async function findVerificationAnyAge(db: DB, flow: VerificationFlow, key: string): Promise<VerificationRow | undefined> {
  return db.selectFrom("verification").selectAll().where("identifier", "=", identifierOf(flow, key)).orderBy("createdAt", "desc").executeTakeFirst();
}

/**
 * Takes a single-use value: one `delete … returning`, so two concurrent requests cannot both
 * consume it. An expired value is deleted too but not returned.
 */
export async function consumeVerification(db: DB, flow: VerificationFlow, key: string, now: Date): Promise<VerificationRow | null> {
  const rows = await db.deleteFrom("verification").where("identifier", "=", identifierOf(flow, key)).returningAll().execute();
  const live = rows.find((row) => row.expiresAt > now.toISOString());
  return live ?? null;
}

export async function deleteVerificationsByIdentifier(db: DB, flow: VerificationFlow, key: string): Promise<void> {
  await db.deleteFrom("verification").where("identifier", "=", identifierOf(flow, key)).execute();
}

/** Deletes the flow's values held for `value` (a user id). */
export async function deleteVerificationsOfValue(db: DB, flow: VerificationFlow, value: string): Promise<void> {
  await db.deleteFrom("verification").where("value", "=", value).where("identifier", "like", `${FLOW_PREFIX[flow]}%`).execute();
}

/**
 * Keeps the `keep` newest values of the flow held for `value` besides `newest` (just stored),
 * deleting the older ones: one statement.
 */
export async function deleteOlderVerificationsOfValue(db: DB, flow: VerificationFlow, value: string, newest: string, keep: number): Promise<void> {
  await db
    .deleteFrom("verification")
    .where("id", "in", (qb) =>
      qb
        .selectFrom("verification")
        .select("id")
        .where("value", "=", value)
        .where("identifier", "like", `${FLOW_PREFIX[flow]}%`)
        .where("id", "!=", newest)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        // SQLite takes OFFSET only after a LIMIT.
        .limit(Number.MAX_SAFE_INTEGER)
        .offset(keep),
    )
    .execute();
}

export async function deleteExpiredVerifications(db: DB, now: Date, pace: SweepPace): Promise<number> {
  const at = now.toISOString();
  return deleteInBatches(pace, (limit) =>
    db
      .deleteFrom("verification")
      .where("id", "in", db.selectFrom("verification").select("id").where("expiresAt", "<=", at).orderBy("expiresAt").limit(limit))
      .executeTakeFirstOrThrow(),
  );
}
