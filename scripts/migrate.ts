// npm run migrate: apply pending migrations to DATABASE_URL without starting the server.
import { migrateToLatest } from "@gatehouse/migrations";
import { openDatabase } from "../server/src/database.js";
import { readConfig } from "../server/src/env.js";

const config = readConfig(process.env);
const database = openDatabase(config.databaseURL);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} finally {
  await database.destroy();
}
