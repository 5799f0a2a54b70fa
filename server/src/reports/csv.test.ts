import { describe, expect, it } from "vitest";
import { EVENT_CSV_HEADER, eventCSVCells, toCSVLine } from "./csv.js";

describe("CSV lines a spreadsheet opens safely", () => {
  it.each([
    { cell: "plain", line: "plain\r\n" },
    { cell: "a,b", line: '"a,b"\r\n' },
    { cell: 'say "hi"', line: '"say ""hi"""\r\n' },
    { cell: "two\nlines", line: '"two\nlines"\r\n' },
    { cell: '=HYPERLINK("http://evil")', line: '"\'=HYPERLINK(""http://evil"")"\r\n' },
    { cell: "=1+1", line: "'=1+1\r\n" },
    { cell: "+1", line: "'+1\r\n" },
    { cell: "-2", line: "'-2\r\n" },
    { cell: "@SUM(A1)", line: "'@SUM(A1)\r\n" },
    { cell: "\tTAB", line: "'\tTAB\r\n" },
    { cell: "\rCR", line: '"\'\rCR"\r\n' },
    { cell: "a=b", line: "a=b\r\n" },
    { cell: "", line: "\r\n" },
  ])("$cell → $line", ({ cell, line }) => {
    expect(toCSVLine([cell])).toBe(line);
  });

  it("writes the header and an event's cells in the contract's order, empty for nulls", () => {
    expect(toCSVLine(EVENT_CSV_HEADER)).toBe("time,type,outcome,method,actor,email,organization,ip,user agent,reason\r\n");
    const line = toCSVLine(
      eventCSVCells({
        id: "e1",
        type: "sign-in",
        outcome: "failure",
        method: "password",
        organizationId: "org-1",
        organizationName: "Acme, Inc.",
        actor: { id: "u1", name: "=cmd|' /C calc'!A0", email: "ada@example.com" },
        targetUserId: null,
        ipAddress: "203.0.113.9",
        userAgent: null,
        createdAt: new Date("2026-03-04T05:06:07.000Z"),
        detail: { reason: "INVALID_EMAIL_OR_PASSWORD" },
        failureReason: "wrong-password",
      }),
    );
    expect(line).toBe("2026-03-04T05:06:07.000Z,sign-in,failure,password,'=cmd|' /C calc'!A0,ada@example.com,\"Acme, Inc.\",203.0.113.9,,Wrong password\r\n");
  });
});
