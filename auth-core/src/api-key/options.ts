/**
 * API keys, configured as better-auth 1.7's api-key plugin is, with its metadata
 * option and its "sessions for API keys" on. Every default is the plugin's.
 */
export interface ApiKeyOptions {
  apiKey?: {
    /** Default true: the /api-key endpoints answer and `x-api-key` stands for the key's owner. */
    enabled?: boolean;
    /** The header a key is sent in; default `x-api-key`. */
    header?: string;
    /** Random characters after the prefix; default 64. */
    defaultKeyLength?: number;
    /** Put before every key created without its own prefix; default none. */
    defaultPrefix?: string;
    /** Default 1 and 32. */
    minimumPrefixLength?: number;
    maximumPrefixLength?: number;
    /** Default 1 and 32. */
    minimumNameLength?: number;
    maximumNameLength?: number;
    /** Refuse a key without a name; default false. */
    requireName?: boolean;
    /** Accept `metadata` on create and update; default true here (the plugin's option, turned on). */
    enableMetadata?: boolean;
    /** How many leading characters are kept in clear as `start`; default 6; 0 keeps none. */
    startingCharactersLength?: number;
    /**
     * The limit given to each new key (the plugin's semantics): at most `maxRequests` uses while
     * each comes within `timeWindow` milliseconds of the previous one. Defaults: enabled, 10 per
     * day (86 400 000 ms). A key can carry its own (server-only fields).
     */
    rateLimit?: { enabled?: boolean; timeWindow?: number; maxRequests?: number };
    /** In days: min 1, max 365 (the plugin's); defaultExpiresIn in seconds, default none. */
    keyExpiration?: { defaultExpiresIn?: number | null; disableCustomExpiresTime?: boolean; minExpiresIn?: number; maxExpiresIn?: number };
  };
}

export interface ResolvedApiKeyOptions {
  enabled: boolean;
  header: string;
  defaultKeyLength: number;
  defaultPrefix: string | null;
  minimumPrefixLength: number;
  maximumPrefixLength: number;
  minimumNameLength: number;
  maximumNameLength: number;
  requireName: boolean;
  enableMetadata: boolean;
  startingCharactersLength: number;
  rateLimit: { enabled: boolean; timeWindow: number; maxRequests: number };
  keyExpiration: { defaultExpiresIn: number | null; disableCustomExpiresTime: boolean; minExpiresIn: number; maxExpiresIn: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function resolveApiKeyOptions(options: ApiKeyOptions): ResolvedApiKeyOptions {
  const o = options.apiKey ?? {};
  return {
    enabled: o.enabled ?? true,
    header: (o.header ?? "x-api-key").toLowerCase(),
    defaultKeyLength: o.defaultKeyLength ?? 64,
    defaultPrefix: o.defaultPrefix ?? null,
    minimumPrefixLength: o.minimumPrefixLength ?? 1,
    maximumPrefixLength: o.maximumPrefixLength ?? 32,
    minimumNameLength: o.minimumNameLength ?? 1,
    maximumNameLength: o.maximumNameLength ?? 32,
    requireName: o.requireName ?? false,
    enableMetadata: o.enableMetadata ?? true,
    startingCharactersLength: o.startingCharactersLength ?? 6,
    rateLimit: {
      enabled: o.rateLimit?.enabled ?? true,
      timeWindow: o.rateLimit?.timeWindow ?? DAY_MS,
      maxRequests: o.rateLimit?.maxRequests ?? 10,
    },
    keyExpiration: {
      defaultExpiresIn: o.keyExpiration?.defaultExpiresIn ?? null,
      disableCustomExpiresTime: o.keyExpiration?.disableCustomExpiresTime ?? false,
      minExpiresIn: o.keyExpiration?.minExpiresIn ?? 1,
      maxExpiresIn: o.keyExpiration?.maxExpiresIn ?? 365,
    },
  };
}
