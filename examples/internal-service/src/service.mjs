// An internal service that knows who is calling, two ways (docs/library.md):
//   GET /whoami/session  with the Gatehouse session cookie: auth-core on the same database;
//   GET /whoami/jwt      with Authorization: Bearer <session JWT>: only Gatehouse's base URL needed.
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
  return app;
}
