// npm run admin -- grant <email> | revoke <email>: gives or takes back the admin role
// on DATABASE_URL from this machine, the way an operator recovers when no admin can sign in.
const USAGE = "usage: npm run admin -- grant <email> | revoke <email>";
const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error(USAGE);
  process.exit(2);
}

// The built packages (npm run build; npm start builds too), loaded once the arguments are good:
// the tool runs wherever the server runs, with a fraction of the CPU tsx took to compile the
// sources (docs/performance/notes-from-code.md).
const built = await Promise.all([import("@gatehouse/auth-core"), import("@gatehouse/migrations"), import("@gatehouse/server")]).catch((error) => {
  console.error(`npm run admin runs the built server: run \`npm run build\` first (${String(error)})`);
  process.exit(1);
});
const [{ createAuth, APIError, silentLogger }, { migrateToLatest }, { openDatabase, readConfig, resolveAuthSecret }] = built;

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
