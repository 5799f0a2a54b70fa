// The floors of the scale bench (scale.mjs): for each path, the same queries Gatehouse runs,
// written by hand in SQL on the plain driver (no Gatehouse code), answered as JSON of the rows.
// Mounted on floor-server.mjs's Hono app when FLOOR_SCALE=1. Each floor first finds the caller's
// session by the SHA-256 of the cookie's token (the one read every signed-in path starts with),
// then runs the path's queries in the order Gatehouse runs them.
import { createHash } from "node:crypto";

const ADMIN_USER_COLUMNS = `id, name, email, "emailVerified", image, "isAnonymous", "createdAt", "updatedAt", role, banned, "banReason", "banExpires", "twoFactorEnabled"`;
const EVENT_COLUMNS = `e.id, e.type, e.outcome, e.method, e."organizationId", o.name as "organizationName", e."userId", e."targetUserId",
  u.name as "userName", u.email as "userEmail", e."ipAddress", e."userAgent", e.detail, e."createdAt"`;
// An organization's log: rows naming it, and its members' personal rows since they joined (audit-store's scope).
const ORG_SCOPE = `(e."organizationId" = ? or (e."organizationId" is null and e."targetUserId" is null and exists
  (select 1 from member m where m."organizationId" = ? and m."userId" = e."userId" and m."createdAt" <= e."createdAt")))`;
const DAY = `substr(e."createdAt", 1, 10)`;
// A person's log (audit-store's person scope): the rows where they act and the rows where an
// operator acted on them, two index ranges each cut at the page's size, merged. `narrow` adds the
// same condition to both halves. Parameters: personEventParams.
const PERSON_HALF = (column, narrow) =>
  `select * from (select id, type, outcome, method, "organizationId", "userId", "targetUserId", "ipAddress", "userAgent", detail, "createdAt"
    from "securityEvent" where "${column}" = ?${column === "targetUserId" ? ` and ("userId" is null or "userId" != ?)` : ""}${narrow}
    order by "createdAt" desc, id desc limit ?)`;
const personRows = (narrow = "") => `(${PERSON_HALF("userId", narrow)} as mine union all ${PERSON_HALF("targetUserId", narrow)} as about)`;
const personEvents = (narrow = "") =>
  `select ${EVENT_COLUMNS} from ${personRows(narrow)} e left join "user" u on u.id = e."userId" left join organization o on o.id = e."organizationId"
    order by e."createdAt" desc, e.id desc limit ?`;
const personEventParams = (id, limit, narrow = []) => [id, ...narrow, limit, id, id, ...narrow, limit, limit];

/**
 * @param app the floor's Hono app
 * @param query (sql with ? placeholders, params) → Promise of rows
 * @param tokenOf cookie header → session token or null
 * @param apiHeaders the headers of a JSON API answer (floor-server.mjs's, as Gatehouse's)
 * @param wireUser a row with the person's columns → get-session's person
 */
export function mountScaleFloors(app, { query, tokenOf, apiHeaders, wireUser }) {
  const caller = async (c) => {
    const token = tokenOf(c.req.header("cookie"));
    if (!token) return null;
    const hash = createHash("sha256").update(token).digest("base64url");
    // The session with its person, as Gatehouse reads it: whether the person is banned, and their role.
    const [row] = await query(
      `select s."userId", s."activeOrganizationId", s."expiresAt", u.role, u.banned, u."banExpires" from session s join "user" u on u.id = s."userId" where s."tokenHash" = ?`,
      [hash],
    );
    return row ?? null;
  };
  const floor = (handler) => async (c) => {
    const session = await caller(c);
    if (!session) return c.json(null, 401);
    return c.json(await handler(c, session));
  };
  const now = () => new Date().toISOString();

  // get-session with x-api-key as Gatehouse must answer it: the key's row by its SHA-256 (the
  // columns its checks read: enabled, expiry, limit, quota, last use) joined to the person it
  // stands for; a disabled or expired key or a banned person refused (401); else get-session's
  // JSON for a key: the key's session (its times now, a week on without an expiry) and the person.
  // It writes nothing: a key's first use of the minute (lastRequest) and of the day (its row) are
  // Gatehouse's alone, after the answer (docs/performance.md, "At a million people").
  const WEEK = 7 * 24 * 60 * 60 * 1000;
  app.get("/floor-key", async (c) => {
    const key = c.req.header("x-api-key");
    if (!key) return new Response("null", { headers: apiHeaders });
    const hash = createHash("sha256").update(key).digest("base64url");
    const [row] = await query(
      `select k.id, k."userId", k."organizationId", k.enabled, k."expiresAt", k."rateLimitEnabled", k.remaining, k."lastRequest",
              u.id as uid, u.name, u.email, u."emailVerified", u.image, u."isAnonymous", u.role, u.banned, u."banReason", u."banExpires",
              u."twoFactorEnabled", u."createdAt" as "uCreatedAt", u."updatedAt" as "uUpdatedAt"
         from apikey k join "user" u on u.id = k."userId" where k."keyHash" = ?`,
      [hash],
    );
    const at = Date.now();
    const banned = row && row.banned === 1 && (row.banExpires === null || Date.parse(row.banExpires) > at);
    if (!row || row.enabled !== 1 || (row.expiresAt !== null && Date.parse(row.expiresAt) <= at) || banned) {
      return new Response(JSON.stringify({ code: "INVALID_API_KEY" }), { status: 401, headers: apiHeaders });
    }
    const now = new Date(at).toISOString();
    const session = {
      id: row.id,
      token: key,
      userId: row.userId,
      expiresAt: row.expiresAt ?? new Date(at + WEEK).toISOString(),
      createdAt: now,
      updatedAt: now,
      ipAddress: c.env?.incoming?.socket?.remoteAddress ?? null,
      userAgent: c.req.header("user-agent") ?? null,
      activeOrganizationId: row.organizationId,
      activeTeamId: null,
      impersonatedBy: null,
    };
    return new Response(JSON.stringify({ session, user: wireUser(row) }), { headers: apiHeaders });
  });
  app.get(
    "/floor/list-sessions",
    floor((c, s) => query(`select * from session where "userId" = ? and "expiresAt" > ? order by "createdAt" desc`, [s.userId, now()])),
  );
  // The console's people page: role check, the page, the count, then each listed person's last sign-in, accounts, passkeys.
  app.get(
    "/floor/users",
    floor(async (c, s) => {
      const [me] = await query(`select role from "user" where id = ?`, [s.userId]);
      if (!me?.role?.includes("admin")) return null;
      const search = c.req.query("search");
      const banned = c.req.query("filter") === "banned";
      const where = [];
      const params = [];
      if (search) {
        where.push(`lower(email) like ? escape '\\'`);
        params.push(`%${search.toLowerCase()}%`);
      }
      if (banned) where.push(`banned = 1`);
      const clause = where.length ? `where ${where.join(" and ")}` : "";
      const offset = Number(c.req.query("offset") ?? 0);
      const users = await query(`select ${ADMIN_USER_COLUMNS} from "user" ${clause} order by "createdAt" desc, id desc limit 20 offset ${offset}`, params);
      const [{ n }] = await query(`select count(*) as n from "user" ${clause}`, params);
      const ids = users.map((u) => u.id);
      if (ids.length > 0) {
        const list = ids.map(() => "?").join(", ");
        await query(
          `select "userId", max("createdAt") as at from "securityEvent" where type = 'sign-in' and outcome = 'success' and "userId" in (${list}) group by "userId"`,
          ids,
        );
        await query(`select "userId", "providerId" from account where "userId" in (${list}) order by "providerId"`, ids);
        await query(`select distinct "userId" from passkey where "userId" in (${list})`, ids);
      }
      return { users, total: Number(n) };
    }),
  );
  app.get(
    "/floor/person",
    floor(async (c, s) => {
      if (!s.role?.includes("admin")) return null;
      const id = c.req.query("id");
      const [user] = await query(`select * from "user" where id = ?`, [id]);
      await query(
        `select "userId", max("createdAt") as at from "securityEvent" where type = 'sign-in' and outcome = 'success' and "userId" = ? group by "userId"`,
        [id],
      );
      const events = await query(personEvents(), personEventParams(id, 50));
      const sessions = await query(`select * from session where "userId" = ? and "expiresAt" > ? order by "createdAt" desc`, [id, now()]);
      const accounts = await query(`select * from account where "userId" = ? order by "createdAt"`, [id]);
      const passkeys = await query(`select * from passkey where "userId" = ? order by "createdAt", id`, [id]);
      const memberships = await query(
        `select m."organizationId", m.role, o.name from member m join organization o on o.id = m."organizationId" where m."userId" = ? order by o.name`,
        [id],
      );
      return { user, events, sessions, accounts, passkeys, memberships };
    }),
  );
  // The caller's membership with its organization's two-factor rule (one read, as Gatehouse's guard).
  const member = async (s) => {
    const [m] = await query(
      `select m.id, m.role, o."requireTwoFactor" from member m join organization o on o.id = m."organizationId" where m."organizationId" = ? and m."userId" = ?`,
      [s.activeOrganizationId, s.userId],
    );
    return m;
  };
  app.get(
    "/floor/members",
    floor(async (c, s) => {
      if (!(await member(s))) return null;
      const offset = Number(c.req.query("offset") ?? 0);
      // The page cut from the member rows, then only its people joined.
      const members = await query(
        `select m.id, m."organizationId", m."userId", m.role, m."createdAt", m."lastActiveAt", u.name, u.email, u.image
           from (select id, "organizationId", "userId", role, "createdAt", "lastActiveAt" from member where "organizationId" = ?
                  order by "createdAt" asc, id asc limit 100 offset ${offset}) m
           join "user" u on u.id = m."userId" order by m."createdAt" asc, m.id asc`,
        [s.activeOrganizationId],
      );
      const [{ n }] = await query(`select count(*) as n from member where "organizationId" = ?`, [s.activeOrganizationId]);
      return { members, total: Number(n) };
    }),
  );
  app.get(
    "/floor/invitations",
    floor(async (c, s) => {
      if (!(await member(s))) return null;
      return query(`select * from invitation where "organizationId" = ? order by "createdAt" desc, id asc`, [s.activeOrganizationId]);
    }),
  );
  app.post(
    "/floor/has-permission",
    floor(async (c, s) => {
      const m = await member(s);
      return { error: null, success: m?.role === "owner" || m?.role === "admin" };
    }),
  );
  // An organization's log is read by its owners and admins, under its two-factor rule: the
  // membership's role and the organization's rule, as Gatehouse reads them before the log.
  const mayReadOrganizationLog = async (s) => {
    const m = await member(s);
    const [org] = await query(`select "requireTwoFactor" from organization where id = ?`, [s.activeOrganizationId]);
    return (m?.role === "owner" || m?.role === "admin") && org?.requireTwoFactor !== 1;
  };
  // The audit log's events page: 26 rows (the page's 25 and one to learn if more follow), newest first, the person's or the organization's.
  app.get(
    "/floor/audit-events",
    floor(async (c, s) => {
      if (c.req.query("scope") !== "organization") return query(personEvents(), personEventParams(s.userId, 26));
      if (!(await mayReadOrganizationLog(s))) return null;
      return query(
        `select ${EVENT_COLUMNS} from "securityEvent" e left join "user" u on u.id = e."userId" left join organization o on o.id = e."organizationId"
          where ${ORG_SCOPE} order by e."createdAt" desc, e.id desc limit 26`,
        [s.activeOrganizationId, s.activeOrganizationId],
      );
    }),
  );
  // The dashboard (audit.overview): what the person holds, their last sign-in and the last 30 days'
  // sign-ins, the active organization with its role and seats, the last five events.
  app.get(
    "/floor/overview",
    floor(async (c, s) => {
      const at = now();
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const count = async (text, params) => Number((await query(text, params))[0].n);
      const activeSessions = await count(`select count(*) as n from session where "userId" = ? and "expiresAt" > ? and "impersonatedBy" is null`, [
        s.userId,
        at,
      ]);
      const passkeys = await count(`select count(*) as n from passkey where "userId" = ?`, [s.userId]);
      const linkedAccounts = await count(`select count(*) as n from account where "userId" = ?`, [s.userId]);
      const narrow = ` and type = ? and outcome = ?`;
      const [last] = await query(
        `select e."createdAt" from ${personRows(narrow)} e order by e."createdAt" desc, e.id desc limit 1`,
        personEventParams(s.userId, 1, ["sign-in", "success"]).slice(0, -1),
      );
      const signIns = (outcome) =>
        count(
          `select count(*) as n from "securityEvent" e where (e."userId" = ? or e."targetUserId" = ?) and e.type = 'sign-in' and e.outcome = ? and e."createdAt" >= ?`,
          [s.userId, s.userId, outcome, since],
        );
      const signInsLast30Days = await signIns("success");
      const failedSignInsLast30Days = await signIns("failure");
      let organization = null;
      if (s.activeOrganizationId) {
        const [org] = await query(`select id, name, plan, "requireTwoFactor" from organization where id = ?`, [s.activeOrganizationId]);
        const m = org && (await member(s));
        if (m) {
          const seatsUsed = await count(`select count(*) as n from member where "organizationId" = ?`, [org.id]);
          organization = { id: org.id, name: org.name, role: m.role, plan: org.plan, seatsUsed };
        }
      }
      const recent = await query(personEvents(), personEventParams(s.userId, 6));
      return {
        signInsLast30Days,
        failedSignInsLast30Days,
        activeSessions,
        passkeys,
        linkedAccounts,
        lastSignInAt: last?.createdAt ?? null,
        organization,
        recent,
      };
    }),
  );
  // Analytics over `days`: counts per day, kind, outcome and method (an organization's: its own rows, then its members').
  app.get(
    "/floor/analytics",
    floor(async (c, s) => {
      const from = new Date(Date.now() - Number(c.req.query("days")) * 86_400_000).toISOString();
      const to = now();
      const group = `select ${DAY} as day, e.type, e.outcome, e.method, count(*) as count from "securityEvent" e`;
      // Sign-ins and sign-ups: what the analytics count (Gatehouse's query names the two kinds).
      const tail = `and e.type in ('sign-in', 'sign-up') and e."createdAt" >= ? and e."createdAt" < ? group by ${DAY}, e.type, e.outcome, e.method`;
      if (c.req.query("scope") !== "organization")
        return query(`${group} where (e."userId" = ? or e."targetUserId" = ?) ${tail}`, [s.userId, s.userId, from, to]);
      if (!(await mayReadOrganizationLog(s))) return null;
      const own = await query(`${group} where e."organizationId" = ? ${tail}`, [s.activeOrganizationId, from, to]);
      const members = await query(
        `${group} join member m on m."userId" = e."userId" and m."organizationId" = ? and m."createdAt" <= e."createdAt"
          where e."organizationId" is null and e."targetUserId" is null ${tail}`,
        [s.activeOrganizationId, from, to],
      );
      return [...own, ...members];
    }),
  );
}
