import { z } from "zod";
import { clientIdVariable, clientSecretVariable, PROVIDER_IDS, providerRow, type ProviderId } from "./provider-table.js";

type ProviderOptionValue = string | number;

/** The options of one enabled provider, as `createAuth({ socialProviders: { [id]: options } })` takes them. */
interface ProviderOptions {
  clientId: string;
  clientSecret?: string;
  [option: string]: ProviderOptionValue | undefined;
}

export interface ConfiguredProvider {
  id: ProviderId;
  name: string;
  options: ProviderOptions;
}

export interface ProviderEnvResult {
  /** Google first, then by name. */
  providers: ConfiguredProvider[];
  /** Half-configured providers that stay off, for the startup log. */
  warnings: string[];
}

/** A refused provider variable: the message names the variable. */
class ProviderEnvError extends Error {
  constructor(variable: string, problem: string) {
    super(`invalid environment: ${variable}: ${problem}`);
    this.name = "ProviderEnvError";
  }
}

function parseVariable(variable: string, schema: z.ZodType<ProviderOptionValue>, value: string): ProviderOptionValue {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ProviderEnvError(variable, parsed.error.issues[0]?.message ?? "invalid value");
  return parsed.data;
}

/** Google first (spec §1: the sign-in screen's own button), then alphabetical by name. */
export function compareProviders(a: { id: string; name: string }, b: { id: string; name: string }): number {
  if (a.id === "google" || b.id === "google") return a.id === "google" ? (b.id === "google" ? 0 : -1) : 1;
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

function readProvider(id: ProviderId, env: Record<string, string | undefined>, warnings: string[]): ConfiguredProvider | null {
  const row = providerRow(id);
  const extras = Object.entries(row.extras ?? {});
  // Bad values are refused even for a provider that stays off: a typo should not pass silently.
  const values = new Map<string, ProviderOptionValue>();
  for (const [variable, spec] of extras) {
    const raw = env[variable] ?? spec.default;
    if (raw !== undefined) values.set(variable, parseVariable(variable, spec.schema, raw));
  }
  const idVariable = clientIdVariable(id);
  const secretVariable = clientSecretVariable(id);
  const clientId = env[idVariable]?.trim();
  const clientSecret = env[secretVariable];
  const secretRule = row.secret ?? "required";
  const secretStandIns = typeof secretRule === "object" ? secretRule.orAll : [];
  const hasSecret = clientSecret !== undefined || secretRule === "optional" || (secretStandIns.length > 0 && secretStandIns.every((v) => values.has(v)));

  if (!clientId) {
    if (clientSecret !== undefined) warnings.push(`${secretVariable} is set without ${idVariable}: ${row.name} sign-in stays off`);
    return null;
  }
  if (!hasSecret) {
    const needed = secretStandIns.length > 0 ? `${secretVariable} (or ${secretStandIns.join(", ")})` : secretVariable;
    warnings.push(`${idVariable} is set without ${needed}: ${row.name} sign-in stays off`);
    return null;
  }
  const options: ProviderOptions = { clientId };
  for (const option of row.clientIdOptions ?? []) options[option] = clientId;
  if (clientSecret !== undefined) options.clientSecret = clientSecret;
  for (const [variable, spec] of extras) {
    const value = values.get(variable);
    if (value === undefined && spec.required) throw new ProviderEnvError(variable, `required when ${idVariable} is set`);
    if (value !== undefined) options[spec.option] = value;
  }
  return { id, name: row.name, options };
}

/**
 * The providers the environment turns on: `<ID>_CLIENT_ID` and `<ID>_CLIENT_SECRET` (or the
 * row's stand-in for the secret), plus the provider's own variables. Empty values count as unset.
 */
export function readProviderEnv(env: Record<string, string | undefined>): ProviderEnvResult {
  const warnings: string[] = [];
  const providers = PROVIDER_IDS.map((id) => readProvider(id, env, warnings)).filter((p): p is ConfiguredProvider => p !== null);
  return { providers: providers.sort(compareProviders), warnings };
}

/** DEV_IDP_PROVIDERS: comma-separated provider ids the development identity provider stands in for. */
export function readDevIdpProviders(value: string | undefined): ProviderId[] {
  const ids = (value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const known = new Set<string>(PROVIDER_IDS);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new ProviderEnvError("DEV_IDP_PROVIDERS", `unknown provider id ${unknown.map((id) => `"${id}"`).join(", ")} (known: ${PROVIDER_IDS.join(", ")})`);
  return [...new Set(ids)] as ProviderId[];
}
