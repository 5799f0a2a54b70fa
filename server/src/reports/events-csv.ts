import type { Hono } from "hono";
import { z } from "zod";
import { APIError, AUDIT_EVENT_TYPES, type Auth } from "@gatehouse/auth-core";
import { createProduct, type Product } from "../product/index.js";
import type { AuditEventQuery, AuditEventView } from "../shared/audit-views.js";
import type { AppEnv } from "../app-env.js";
import { apiKeyRefusal } from "../trpc/context.js";
import { inputDate, inputText } from "../trpc/input-rules.js";
import { viewerOf } from "../trpc/routers/audit-input.js";
import { errorBody } from "../error-body.js";
import { EVENT_CSV_HEADER, eventCSVCells, toCSVLine } from "./csv.js";

/** An ISO date-time (any offset) or a plain ISO date (midnight UTC), in audit.events' bounds. */
const isoDate = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => new Date(value))
  .pipe(inputDate());

/** The same filters as audit.events, as query parameters (types comma-separated). */
const querySchema = z.object({
  scope: z.enum(["self", "organization"]).default("self"),
  type: inputText()
    .max(2000)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(",")
            .map((t) => t.trim())
            .filter((t) => t.length > 0)
        : undefined,
    )
    .pipe(z.array(z.enum(AUDIT_EVENT_TYPES)).optional()),
  outcome: z.enum(["success", "failure"]).optional(),
  method: inputText().trim().min(1).max(64).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/** About how many characters of CSV lines go out in one chunk of the body. */
const CSV_CHUNK = 64 * 1024;

/** A refusal in the request's language (error-body.ts). */
function errorResponse(error: APIError, headers: Headers): Response {
  return Response.json(errorBody(error, headers), { status: error.status });
}

/**
 * GET /api/reports/events.csv: exactly the rows audit.events gives for the same filters, all
 * pages, streamed: each pull of the body reads the next rows (about 64 KB of lines) from the
 * product's keyset-paged export, so a large export never sits in memory. 401 signed out, 403 for an organization's
 * log without audit:read, 403 API_KEY_NOT_ALLOWED for a request with an API key (as tRPC), 400
 * for bad filters.
 */
export function mountReports(app: Hono<AppEnv>, deps: { auth: Auth; product?: Product }): void {
  const product = deps.product ?? createProduct(deps.auth);
  app.get("/api/reports/events.csv", async (c) => {
    const keyRefused = apiKeyRefusal(deps.auth, c.req.raw.headers);
    if (keyRefused) return errorResponse(keyRefused, c.req.raw.headers);
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: "true" } });
    if (!session) return errorResponse(APIError.from(401, "UNAUTHORIZED"), c.req.raw.headers);
    // An empty parameter (`outcome=`) means no filter, as a form with an empty field sends it.
    const params = [...new URL(c.req.url).searchParams].filter(([, value]) => value !== "");
    const parsed = querySchema.safeParse(Object.fromEntries(params));
    if (!parsed.success) return errorResponse(APIError.from(400, "VALIDATION_ERROR"), c.req.raw.headers);
    const { type, ...rest } = parsed.data;
    const query: AuditEventQuery = { ...rest, types: type };

    const rows = product.audit.exportEvents(viewerOf(session), query);
    let first: IteratorResult<AuditEventView>;
    try {
      // The first pull resolves the scope: a refusal is still a proper status, not a broken download.
      first = await rows.next();
    } catch (error) {
      if (error instanceof APIError) return errorResponse(error, c.req.raw.headers);
      throw error;
    }
    const encoder = new TextEncoder();
    let pending: IteratorResult<AuditEventView> | null = first;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(toCSVLine(EVENT_CSV_HEADER)));
      },
      // Lines are gathered into chunks of about CSV_CHUNK characters: one write a chunk, not one a row
      // (a million-row export was a million socket writes), and still never more than a chunk held.
      async pull(controller) {
        let text = "";
        while (text.length < CSV_CHUNK) {
          const next = pending ?? (await rows.next());
          pending = null;
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += toCSVLine(eventCSVCells(next.value));
        }
        controller.enqueue(encoder.encode(text));
      },
      async cancel() {
        await rows.return(undefined);
      },
    });
    const day = deps.auth.context.clock.now().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="gatehouse-events-${day}.csv"`,
        "cache-control": "no-store",
      },
    });
  });
}
