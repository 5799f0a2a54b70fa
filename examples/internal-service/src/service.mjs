// An internal service that knows who is calling (docs/library.md):
//   GET /whoami/session  with the Gatehouse session cookie: auth-core on the same database;
//   GET /whoami/jwt      with Authorization: Bearer <session JWT>: only Gatehouse's base URL needed;
//   GET /whoami/key      with x-api-key: <API key>: auth.api.verifyApiKey in-process (same database);
//   GET /whoami/key-http with x-api-key: <API key>: POST <Gatehouse>/api/auth/api-key/verify over HTTP.
import { Hono } from "hono";
import { createAuth, verifySessionJWT } from "@gatehouse/auth-core";

export function createService({ database, gatehouseURL, secret }) {
  // The same database and secret as Gatehouse: sessions are looked up where Gatehouse keeps them.
  const auth = createAuth({ database, baseURL: gatehouseURL, secret });
  const app = new Hono();

  app.get("/whoami/session", async (c) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) return c.json({ error: "not signed in" }, 401);
    return c.json({ via: "shared database", userId: session.user.id, email: session.user.email });
  });

  app.get("/whoami/jwt", async (c) => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "");
    if (!token) return c.json({ error: "no token" }, 401);
    try {
      const claims = await verifySessionJWT(token, { jwksURL: `${gatehouseURL}/api/auth/jwks`, issuer: gatehouseURL, audience: gatehouseURL });
      return c.json({ via: "JWT", userId: claims.sub, email: claims.email });
    } catch {
      return c.json({ error: "invalid token" }, 401);
    }
  });
  // API keys: each check is one use of the key, counted against its limit.
  app.get("/whoami/key", async (c) => {
    const key = c.req.header("x-api-key");
    if (!key) return c.json({ error: "no key" }, 401);
    const { valid, error, key: record } = await auth.api.verifyApiKey({ body: { key } });
    if (!valid) return c.json({ error: error.code }, error.code === "RATE_LIMITED" ? 429 : 401);
    return c.json({ via: "verifyApiKey", ownerId: record.referenceId, keyName: record.name });
  });

  app.get("/whoami/key-http", async (c) => {
    const key = c.req.header("x-api-key");
    if (!key) return c.json({ error: "no key" }, 401);
    // A server-to-server POST: no cookie, no Origin; only the key.
    const answer = await fetch(`${gatehouseURL}/api/auth/api-key/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key, permissions: c.req.query("need") ? JSON.parse(c.req.query("need")) : undefined }),
    });
    const { valid, error, key: record } = await answer.json();
    if (!valid) return c.json({ error: error.code }, 401);
    return c.json({ via: "HTTP verify", ownerId: record.referenceId, keyName: record.name });
  });
  return app;
}
