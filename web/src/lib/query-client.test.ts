import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { AuthNetworkError, AuthRequestError } from "./auth-errors.js";
import { createAppQueryClient, MUTATION_RETRY_DELAY_MS, queryRetryDelay, REMOTE_CALL_NETWORK_MODE, shouldRetryQuery } from "./query-client.js";

describe("query defaults (spec §9)", () => {
  it("keeps data fresh 120 s and cached 300 s, and refetches on focus and reconnect", () => {
    const queries = createAppQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(120_000);
    expect(queries.gcTime).toBe(300_000);
    expect(queries.refetchOnWindowFocus).toBe(true);
    expect(queries.refetchOnReconnect).toBe(true);
    expect(REMOTE_CALL_NETWORK_MODE).toBe("offlineFirst");
  });

  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [4, 16000],
    [5, 30000],
    [9, 30000],
  ])("waits min(1000·2^n, 30000) ms before retry %i: %i", (n, ms) => {
    expect(queryRetryDelay(n)).toBe(ms);
  });

  it("retries 3 times, but never an authentication error", () => {
    const failure = new AuthNetworkError("request failed", { timedOut: false });
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, failure))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized"))).toBe(false);
  });

  it("retries a mutation once after 1000 ms, not for an answer the server gave on purpose", () => {
    const mutations = createAppQueryClient().getDefaultOptions().mutations!;
    const retry = mutations.retry as (count: number, error: unknown) => boolean;
    expect(mutations.retryDelay).toBe(MUTATION_RETRY_DELAY_MS);
    expect(MUTATION_RETRY_DELAY_MS).toBe(1000);
    expect(retry(0, new AuthNetworkError("request failed", { timedOut: false }))).toBe(true);
    expect(retry(1, new AuthNetworkError("request failed", { timedOut: false }))).toBe(false);
    expect(retry(0, new AuthRequestError(400, "INVALID_PASSWORD", "Invalid password"))).toBe(false);
    // A remote call's refusal (tRPC: the status is data.httpStatus), e.g. a plan with too few seats.
    const refused = Object.assign(new Error("more members than seats"), { name: "TRPCClientError", data: { code: "BAD_REQUEST", httpStatus: 400 } });
    expect(retry(0, refused)).toBe(false);
    const unavailable = Object.assign(new Error("unavailable"), { name: "TRPCClientError", data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503 } });
    expect(retry(0, unavailable)).toBe(true);
  });
});

describe("error behaviour (spec §8)", () => {
  function setup(): { client: QueryClient; authErrors: unknown[]; remote: unknown[]; logged: string[] } {
    const authErrors: unknown[] = [];
    const remote: unknown[] = [];
    const logged: string[] = [];
    const client = createAppQueryClient({
      onAuthError: (e) => authErrors.push(e),
      onRemoteCallUnauthorized: (e) => remote.push(e),
      log: (message) => logged.push(message),
    });
    return { client, authErrors, remote, logged };
  }

  it("removes cached auth queries and raises the Authentication Required state on a 401", async () => {
    const { client, authErrors, logged } = setup();
    client.setQueryData(["auth", "session"], { user: { id: "u" } });
    client.setQueryData(["health"], { ok: true });
    const unauthorized = new AuthRequestError(401, "UNAUTHORIZED", "Unauthorized");
    await expect(client.fetchQuery({ queryKey: ["auth", "sessions"], queryFn: () => Promise.reject(unauthorized) })).rejects.toBe(unauthorized);
    expect(client.getQueryData(["auth", "session"])).toBeUndefined();
    expect(client.getQueryData(["health"])).toEqual({ ok: true });
    expect(authErrors).toEqual([unauthorized]);
    expect(logged).toEqual(['query ["auth","sessions"] failed']);
  });

  it("treats a failed mutation the same way and logs it", async () => {
    const { client, authErrors, logged } = setup();
    const forbidden = new AuthRequestError(403, "INVALID_ORIGIN", "Invalid origin");
    const mutation = client.getMutationCache().build(client, { mutationKey: ["auth", "update-user"], mutationFn: () => Promise.reject(forbidden), retry: 0 });
    await expect(mutation.execute(undefined)).rejects.toBe(forbidden);
    expect(authErrors).toEqual([forbidden]);
    expect(logged).toEqual(['mutation ["auth","update-user"] failed']);
  });

  it("leaves a refused sign-in to the sign-in screen", async () => {
    const { client, authErrors, logged } = setup();
    const refused = new AuthRequestError(401, "PASSKEY_NOT_FOUND", "Passkey not found");
    const mutation = client
      .getMutationCache()
      .build(client, { mutationKey: ["auth", "sign-in-passkey"], meta: { signIn: true }, mutationFn: () => Promise.reject(refused), retry: 0 });
    await expect(mutation.execute(undefined)).rejects.toBe(refused);
    expect(authErrors).toEqual([]);
    expect(logged).toEqual(['mutation ["auth","sign-in-passkey"] failed']);
  });

  it("sends a remote-call UNAUTHORIZED to /login instead", async () => {
    const { client, authErrors, remote } = setup();
    const error = TRPCClientError.from({
      error: { message: "You need to sign in to access this page.", code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } },
    } as never);
    await expect(client.fetchQuery({ queryKey: [["auth", "session"], { type: "query" }], queryFn: () => Promise.reject(error) })).rejects.toBe(error);
    expect(remote).toEqual([error]);
    expect(authErrors).toEqual([]);
  });

  it("leaves other errors to the generic screen", async () => {
    const { client, authErrors, remote, logged } = setup();
    const broken = new AuthRequestError(400, "INVALID_EMAIL", "Invalid email");
    await expect(client.fetchQuery({ queryKey: ["auth", "accounts"], queryFn: () => Promise.reject(broken), retry: false })).rejects.toBe(broken);
    expect(authErrors).toEqual([]);
    expect(remote).toEqual([]);
    expect(logged).toHaveLength(1);
  });
});
