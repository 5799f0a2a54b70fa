// npm run admin -- grant <email> | revoke <email>: gives or takes back the admin role
// on DATABASE_URL from this machine, the way an operator recovers when no admin can sign in.
const USAGE = "usage: npm run admin -- grant <email> | revoke <email>";
const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error(USAGE);
  process.exit(2);
}

// Loaded once the arguments are good: a usage error answers without compiling the service.
const { createAuth, APIError, silentLogger } = await import("@gatehouse/auth-core");
const { migrateToLatest } = await import("@gatehouse/migrations");
const { openDatabase } = await import("../server/src/database.js");
const { readConfig } = await import("../server/src/env.js");
const { resolveAuthSecret } = await import("../server/src/secret.js");

const config = readConfig(process.env);
const database = openDatabase(config.databaseURL);
let exitCode = 0;
try {
  await migrateToLatest(database.db);
  const auth = createAuth({
    database: database.db,
    baseURL: config.baseURL,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    logger: silentLogger,
  });
  const { changed, user } = await auth.admin.setRoleByEmail(email, command === "grant" ? "admin" : "user");
  console.log(`${user.email}: role ${user.role}${changed ? "" : " (unchanged)"}`);
} catch (error) {
  console.error(error instanceof APIError ? `${error.code}: ${error.message}` : String(error));
  exitCode = 1;
} finally {
  await database.destroy();
}
process.exit(exitCode);
