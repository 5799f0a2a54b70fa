import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { pino } from "pino";
import { formatRequestLine, pinoOptions, REQUEST_LOG_MESSAGE } from "../src/logging.js";

/** What pino itself writes for a request line with the server's options, at a fixed time. */
function pinoLine(fields: { requestId: string; method: string; path: string; status: number; ms: number }): string {
  let written = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      written += chunk.toString();
      callback();
    },
  });
  const log = pino({ ...pinoOptions("info"), timestamp: () => ',"time":"2026-01-02T03:04:05.678Z"' }, sink);
  log.info(fields, REQUEST_LOG_MESSAGE);
  return written;
}

/**
 * The request log's lines are composed directly instead of through pino's serializer (the
 * cheaper path on every request); a log shipper must not be able to tell: the same bytes as
 * pino writes for the same fields, whatever the path holds.
 */
describe("the request log line", () => {
  const cases = [
    { requestId: "Ab3_-x-1z", method: "GET", path: "/api/auth/get-session", status: 200, ms: 0.1 },
    { requestId: "proxy:id@1.2", method: "POST", path: "/api/trpc/account.sessions", status: 401, ms: 12 },
    { requestId: "r-2", method: "GET", path: '/a"quoted"\\back\\slash', status: 404, ms: 1234.5 },
    { requestId: "r-3", method: "GET", path: "/control\u0001\u001f\ttab", status: 400, ms: 0 },
    { requestId: "r-4", method: "GET", path: "/latin-\u00e9\u00ff\u007f", status: 200, ms: 3.3 },
    { requestId: "r-5", method: "GET", path: `/${"x".repeat(150)}`, status: 200, ms: 0.5 },
  ];
  for (const fields of cases) {
    it(`is pino's line byte for byte: ${JSON.stringify(fields.path).slice(0, 40)}`, () => {
      const line = formatRequestLine(',"time":"2026-01-02T03:04:05.678Z"', fields.requestId, fields.method, fields.path, fields.status, fields.ms);
      expect(line).toBe(pinoLine(fields));
      expect(JSON.parse(line)).toEqual({ level: "info", time: "2026-01-02T03:04:05.678Z", ...fields, message: "request" });
    });
  }
});
