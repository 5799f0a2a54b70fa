import { z } from "zod";
import type { SocialProviderOptions } from "@gatehouse/auth-core";

/** An extra variable of one provider: the option it sets and the values it accepts. */
export interface ProviderVariable<Option extends string = string> {
  /** The option name in `socialProviders.<id>` (better-auth's name where it has one). */
  option: Option;
  schema: z.ZodType<string | number>;
  /** The provider cannot start without it. */
  required?: boolean;
  /** Used when the variable is unset. */
  default?: string;
}

/** How a provider is configured from the environment: one row per provider id of spec §9. */
export interface ProviderEnvRow {
  /** The name people know it by, for buttons (the provider file's `name`). */
  name: string;
  /** Default `<ID>_CLIENT_ID`. */
  clientIdVariable?: string;
  /** More options that take the client id's value (TikTok's `clientKey`). */
  clientIdOptions?: string[];
  /**
   * "required" (default): enabled only with `<ID>_CLIENT_SECRET`. "optional": a public client
   * may leave it unset. `{ orAll }`: these variables together stand in for the secret.
   */
  secret?: "required" | "optional" | { orAll: string[] };
  /** Variable name → option. */
  extras?: Record<string, ProviderVariable>;
}

const text = <O extends string>(option: O): ProviderVariable<O> => ({ option, schema: z.string().trim().min(1) });
const oneOf = <O extends string>(option: O, values: readonly [string, ...string[]]): ProviderVariable<O> => ({ option, schema: z.enum(values) });
const url = <O extends string>(option: O): ProviderVariable<O> => ({ option, schema: z.url().transform((value) => value.replace(/\/+$/, "")) });
/** A host name without scheme or path (Salesforce My Domain, Cognito's hosted UI). */
const host = <O extends string>(option: O): ProviderVariable<O> => ({
  option,
  schema: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, "a host name without scheme or path, e.g. example.my.salesforce.com"),
});

/** An environment variable cannot hold line breaks everywhere: `\n` stands for one. */
const pemKey = <O extends string>(option: O): ProviderVariable<O> => ({
  option,
  schema: z
    .string()
    .transform((value) => value.replace(/\\n/g, "\n").trim())
    .refine(
      (value) => /^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----$/.test(value),
      "a PKCS#8 PEM private key (-----BEGIN PRIVATE KEY-----)",
    ),
});

const MICROSOFT_PHOTO_SIZES = ["48", "64", "96", "120", "240", "360", "432", "504", "648"] as const;

/**
 * Every provider the server can turn on from its environment. Adding a provider is one row; its
 * option names are the ones `createAuth({ socialProviders })` takes (docs/providers.md, "Server variables").
 */
export const PROVIDER_TABLE = {
  apple: {
    name: "Apple",
    // A ready-made ES256 client secret (APPLE_CLIENT_SECRET), or the key it is signed with.
    secret: { orAll: ["APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"] },
    extras: {
      APPLE_TEAM_ID: text("teamId"),
      APPLE_KEY_ID: text("keyId"),
      APPLE_PRIVATE_KEY: pemKey("privateKey"),
      APPLE_APP_BUNDLE_IDENTIFIER: text("appBundleIdentifier"),
    },
  },
  atlassian: { name: "Atlassian" },
  cognito: {
    name: "Amazon Cognito",
    secret: "optional",
    extras: {
      COGNITO_DOMAIN: { ...host("domain"), required: true },
      COGNITO_REGION: { option: "region", required: true, schema: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, "an AWS region, e.g. eu-west-1") },
      COGNITO_IDENTITY_PROVIDER: text("identityProvider"),
      COGNITO_USER_POOL_ID: {
        option: "userPoolId",
        required: true,
        schema: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+_[0-9A-Za-z]+$/, "a user pool id, e.g. eu-west-1_AbC123"),
      },
    },
  },
  discord: { name: "Discord" },
  dropbox: { name: "Dropbox", extras: { DROPBOX_ACCESS_TYPE: oneOf("accessType", ["offline", "online", "legacy"]) } },
  facebook: { name: "Facebook", extras: { FACEBOOK_CONFIG_ID: text("configId") } },
  figma: { name: "Figma" },
  github: { name: "GitHub" },
  gitlab: { name: "GitLab", extras: { GITLAB_ISSUER: url("issuer") } },
  google: {
    name: "Google",
    // Tests and development point it at a stand-in (docs/design.md, the run contract).
    extras: { GOOGLE_ISSUER: { ...url("issuer"), default: "https://accounts.google.com" } },
  },
  huggingface: { name: "Hugging Face" },
  kakao: { name: "Kakao", secret: "optional" },
  kick: { name: "Kick" },
  line: { name: "LINE" },
  linear: { name: "Linear" },
  linkedin: { name: "LinkedIn" },
  microsoft: {
    name: "Microsoft",
    extras: {
      MICROSOFT_TENANT_ID: text("tenantId"),
      MICROSOFT_AUTHORITY: url("authority"),
      MICROSOFT_PROMPT: oneOf("prompt", ["login", "none", "consent", "select_account"]),
      MICROSOFT_PROFILE_PHOTO_SIZE: { option: "profilePhotoSize", schema: z.enum(MICROSOFT_PHOTO_SIZES).transform(Number) },
    },
  },
  naver: { name: "Naver" },
  notion: { name: "Notion" },
  paypal: { name: "PayPal", extras: { PAYPAL_ENVIRONMENT: oneOf("environment", ["sandbox", "live"]) } },
  reddit: { name: "Reddit", extras: { REDDIT_DURATION: oneOf("duration", ["permanent", "temporary"]), REDDIT_USER_AGENT: text("userAgent") } },
  roblox: { name: "Roblox" },
  salesforce: {
    name: "Salesforce",
    extras: { SALESFORCE_ENVIRONMENT: oneOf("environment", ["production", "sandbox"]), SALESFORCE_LOGIN_URL: host("loginUrl") },
  },
  slack: { name: "Slack" },
  spotify: { name: "Spotify" },
  // TikTok calls its client id a client key.
  tiktok: { name: "TikTok", clientIdVariable: "TIKTOK_CLIENT_KEY", clientIdOptions: ["clientKey"] },
  twitch: { name: "Twitch" },
  twitter: { name: "X" },
  vk: { name: "VK", secret: "optional" },
  zoom: { name: "Zoom" },
} as const satisfies Record<string, ProviderEnvRow>;

export type ProviderId = keyof typeof PROVIDER_TABLE;

export const PROVIDER_IDS = Object.keys(PROVIDER_TABLE) as [ProviderId, ...ProviderId[]];

export function providerRow(id: ProviderId): ProviderEnvRow {
  return PROVIDER_TABLE[id];
}

/** `<ID>_CLIENT_ID` (or the row's own name for it). */
export function clientIdVariable(id: ProviderId): string {
  return providerRow(id).clientIdVariable ?? `${id.toUpperCase()}_CLIENT_ID`;
}

export function clientSecretVariable(id: ProviderId): string {
  return `${id.toUpperCase()}_CLIENT_SECRET`;
}

/** The option names a row's extra variables set. */
type RowOptionNames<Id extends ProviderId> = (typeof PROVIDER_TABLE)[Id] extends { extras: infer Extras }
  ? { [Variable in keyof Extras]: Extras[Variable] extends { option: infer Option } ? Option : never }[keyof Extras]
  : never;

/**
 * Compile-time check that every extra variable sets an option the provider really has: an
 * option name that auth-core's provider does not take is a type error here, not a silent no-op.
 */
type UnknownOptionNames = {
  [Id in ProviderId]: Exclude<RowOptionNames<Id>, keyof NonNullable<SocialProviderOptions[Id]>>;
}[ProviderId];
const EVERY_OPTION_IS_KNOWN: [UnknownOptionNames] extends [never] ? true : { unknownOptions: UnknownOptionNames } = true;
