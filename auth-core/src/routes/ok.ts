import { defineEndpoint } from "../endpoint.js";

/** Spec §2: GET /ok returns ok true. */
export const ok = defineEndpoint({
  name: "ok",
  method: "GET",
  path: "/ok",
  session: "none",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler(): Promise<{ ok: boolean }> {
    return { ok: true };
  },
});
