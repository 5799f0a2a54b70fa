import { describe, expect, it } from "vitest";
import { dateTransformer, MAX_TRPC_BATCH_SIZE } from "@gatehouse/server/shared";
import { createAppTRPCClient } from "./trpc.js";

describe("the app's tRPC client", () => {
  it(`sends at most ${MAX_TRPC_BATCH_SIZE} calls in one batch, the most the server runs (a larger batch is refused whole)`, async () => {
    const batches: number[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      const path = new URL(String(input)).pathname.replace("/api/trpc/", "");
      const calls = path.split(",").length;
      batches.push(calls);
      const answers = Array.from({ length: calls }, () => ({ result: { data: dateTransformer.serialize({ ok: true }) } }));
      return new Response(JSON.stringify(answers), { headers: { "content-type": "application/json" } });
    };
    const client = createAppTRPCClient("http://gatehouse.test", fakeFetch);
    const answers = await Promise.all(Array.from({ length: 23 }, () => client.health.query()));
    expect(answers).toHaveLength(23);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(batches.reduce((sum, calls) => sum + calls, 0)).toBe(23);
    expect(Math.max(...batches)).toBe(MAX_TRPC_BATCH_SIZE);
  });

  it("asks for the shown language (Accept-Language from <html lang>), so the server's refusals come in it", async () => {
    const seen: Array<Headers> = [];
    const fakeFetch: typeof fetch = async (_input, init) => {
      seen.push(new Headers(init?.headers));
      return new Response(JSON.stringify([{ result: { data: dateTransformer.serialize({ ok: true }) } }]), { headers: { "content-type": "application/json" } });
    };
    // This file runs without a page: a stand-in for the document lib/i18n.ts sets `lang` on.
    const holder = globalThis as { document?: unknown };
    holder.document = { documentElement: { lang: "fr" } };
    try {
      await createAppTRPCClient("http://gatehouse.test", fakeFetch).health.query();
    } finally {
      delete holder.document;
    }
    expect(seen[0]!.get("accept-language")).toBe("fr");
  });
});
