import { isIP } from "node:net";
import { APIError } from "../errors.js";
import type { AuthDatabase } from "../store/database.js";
import { countRateLimitHit } from "../store/rate-limit-store.js";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Calls allowed per window. */
  max: number;
}

/** The rate-limit options as resolved (options.ts): what the router needs to pick a rule. */
export interface RateLimitPolicy {
  defaultRule: RateLimitRule;
  /** `rateLimit.endpoints`: overrides by endpoint name. */
  byName: Readonly<Record<string, RateLimitRule | false>>;
  /** The deprecated `rateLimit.customRules`: path or prefix (ending in *) → rule, exact first. */
  byPath: ReadonlyArray<{ path: string; rule: RateLimitRule | false }>;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (for X-Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one call in the key's window and decides it. */
  hit(key: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision>;
  /** The same at once, for a limiter whose windows are in this process's memory (the fast path). */
  hitNow?(key: string, rule: RateLimitRule, now: Date): RateLimitDecision;
}

/** 429 when the client's window for the route is full; null when the call is allowed. */
export function rateLimitRefusal(decision: RateLimitDecision): APIError | null {
  return decision.allowed ? null : APIError.from(429, "TOO_MANY_REQUESTS", { headers: { "x-retry-after": String(decision.retryAfterSeconds) } });
}

function decide(count: number, max: number, windowEndsAtMs: number, now: Date): RateLimitDecision {
  return {
    allowed: count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAtMs - now.getTime()) / 1000)),
  };
}

/** Fixed windows in this process's memory; ended windows are swept as the map grows. */
export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let hitsSinceSweep = 0;
  const hitNow = (key: string, rule: RateLimitRule, now: Date): RateLimitDecision => {
    const nowMs = now.getTime();
    if (++hitsSinceSweep >= 10_000) {
      hitsSinceSweep = 0;
      for (const [k, w] of windows) if (w.endsAt <= nowMs) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= nowMs) {
      window = { count: 0, endsAt: nowMs + rule.window * 1000 };
      windows.set(key, window);
    }
    window.count += 1;
    return decide(window.count, rule.max, window.endsAt, now);
  };
  return { hitNow, hit: async (key, rule, now) => hitNow(key, rule, now) };
}

/**
 * Fixed windows in the rateLimit table: every process sharing the database shares the limits.
 * Ended windows are the expiry sweep's (auth.deleteExpired), never a request's to wait for.
 */
export function createDatabaseRateLimiter(db: AuthDatabase): RateLimiter {
  return {
    async hit(key, rule, now) {
      const result = await countRateLimitHit(db, key, now, new Date(now.getTime() + rule.window * 1000));
      return decide(result.count, rule.max, Date.parse(result.windowEndsAt), now);
    },
  };
}

/**
 * The rule of an endpoint, decided once when the handler is built: an override by name, then a
 * (deprecated) path rule, then the endpoint's own declaration. null: not limited.
 */
export function resolveEndpointRateLimit(
  endpoint: { name: string; path: string; rateLimit: RateLimitRule | "default" | false },
  policy: RateLimitPolicy,
): RateLimitRule | null {
  const byName = policy.byName[endpoint.name];
  if (byName !== undefined) return byName === false ? null : byName;
  for (const { path: pattern, rule } of policy.byPath) {
    const matches = pattern.endsWith("*") ? endpoint.path.startsWith(pattern.slice(0, -1)) : endpoint.path === pattern;
    if (matches) return rule === false ? null : rule;
  }
  if (endpoint.rateLimit === false) return null;
  return endpoint.rateLimit === "default" ? policy.defaultRule : endpoint.rateLimit;
}

/** The eight 16-bit groups of a valid IPv6 address (zone removed), "::" and an IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(":") : [];
  const zeros: string[] = halves.length > 1 ? Array<string>(8 - head.length - tail.length).fill("0") : [];
  return [...head, ...zeros, ...tail].map((group) => parseInt(group, 16));
}

/**
 * Who a rate-limit window counts: an IPv4 address (also when a dual-stack socket reports it as
 * ::ffff:a.b.c.d), or an IPv6 client's /64, the block one host is normally given (counting each
 * address apart let a single host rotate through them). The stored address stays the full one.
 */
export function rateLimitClientKey(address: string | null): string {
  if (!address) return "unknown";
  const bare = address.split("%")[0]!;
  if (isIP(bare) !== 6) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
