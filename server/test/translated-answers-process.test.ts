import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

/**
 * The server's own error answers outside /api/auth follow the rule /api/auth's do (the contract
 * passwordless-and-languages.md, "Translated error messages"): the same status and code, `message`
 * in the language of Accept-Language (q-values), then of the `locale` cookie, the English in
 * `originalMessage`; English exactly as before. Through the real process (dist/gatehouse.js).
 */
/** The catalogues' wording of the codes below (auth-core/src/i18n), as a client reads them. */
const de = { NOT_FOUND: "Nicht gefunden" };
const fr = { NOT_FOUND: "Introuvable" };
const es = { SIGN_IN_REQUIRED: "Inicie sesión para acceder a esta página." };
const ja = { NOT_FOUND: "見つかりません", API_KEY_NOT_ALLOWED: "この操作は API キーでは行えません" };

describe("translated error answers of the server's own doors", { timeout: 120_000 }, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({});
  });
  afterAll(async () => server?.kill());

  const get = (path: string, headers: Record<string, string> = {}): Promise<Response> => fetch(`${server.baseURL}${path}`, { headers });
  const trpcQuery = (procedure: string, headers: Record<string, string> = {}): Promise<Response> =>
    get(`/api/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} } }))}`, headers);
  /** The first call's error of a tRPC batch answer (its shape: message, code, data). */
  async function trpcError(answer: Response): Promise<Record<string, unknown>> {
    const body = (await answer.json()) as Array<{ error: Record<string, unknown> }>;
    return body[0]!.error;
  }

  it("answers an unknown /api/* path 404 NOT_FOUND in the asked language, by header or cookie", async () => {
    const german = await get("/api/no-such-thing", { "accept-language": "de-AT, en;q=0.8" });
    expect(german.status).toBe(404);
    expect(await german.json()).toEqual({ code: "NOT_FOUND", message: de.NOT_FOUND, originalMessage: "Not found" });
    expect(await (await get("/api/no-such-thing", { "accept-language": "xx, fr;q=0.5" })).json()).toMatchObject({ message: fr.NOT_FOUND });
    expect(await (await get("/api/no-such-thing", { cookie: "locale=ja" })).json()).toMatchObject({ message: ja.NOT_FOUND });
    const english = await get("/api/no-such-thing", { "accept-language": "en, de;q=0.9" });
    expect(english.status).toBe(404);
    expect(await english.json()).toEqual({ code: "NOT_FOUND", message: "Not found" });
  });

  it("translates tRPC refusals: a procedure's (sign in first) and the context's (an API key)", async () => {
    const spanish = await trpcQuery("audit.overview", { "accept-language": "es-MX" });
    expect(spanish.status).toBe(401);
    const refused = await trpcError(spanish);
    expect(refused).toMatchObject({ message: es.SIGN_IN_REQUIRED, originalMessage: "You need to sign in to access this page." });
    expect(refused["data"]).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401 });

    const english = await trpcError(await trpcQuery("audit.overview"));
    expect(english["message"]).toBe("You need to sign in to access this page.");
    expect(english).not.toHaveProperty("originalMessage");

    // Refused while the context is made (a request with an API key): no context, still translated.
    const withKey = await trpcQuery("audit.overview", { "x-api-key": "gh_not_a_real_key", "accept-language": "ja" });
    expect(withKey.status).toBe(403);
    expect(await trpcError(withKey)).toMatchObject({
      message: ja.API_KEY_NOT_ALLOWED,
      originalMessage: "An API key cannot be used for this action",
      data: expect.objectContaining({ code: "FORBIDDEN", httpStatus: 403 }),
    });
  });
});
