import type { DB, JwksTable } from "./database.js";

export async function listSigningKeys(db: DB): Promise<JwksTable[]> {
  return db.selectFrom("jwks").selectAll().orderBy("createdAt", "desc").execute();
}

export async function insertSigningKey(db: DB, row: JwksTable): Promise<void> {
  await db.insertInto("jwks").values(row).execute();
}
