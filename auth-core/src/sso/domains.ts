import { Resolver } from "node:dns/promises";
import type { ResolvedSsoOptions } from "./options.js";

/**
 * Mail domains anyone can get an address at: an organization cannot claim one (its verified
 * domain would route and link every such address to its provider).
 */
const PUBLIC_EMAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "mail.ru",
  "yandex.ru",
  "yandex.com",
  "qq.com",
  "163.com",
  "126.com",
  "zoho.com",
  "tutanota.com",
  "fastmail.com",
  "hey.com",
]);

/** A domain name as stored and compared: lowercased, without a trailing dot. */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, "");
}

const DOMAIN_NAME = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/;

/** A registrable-looking domain name (at least two labels, LDH rule). */
export function isDomainName(value: string): boolean {
  return DOMAIN_NAME.test(value);
}

export function isPublicEmailDomain(domain: string): boolean {
  return PUBLIC_EMAIL_DOMAINS.has(normalizeDomain(domain));
}

/** The domain of an address, lowercased; null without one. */
export function domainOfEmail(email: string): string | null {
  const at = email.lastIndexOf("@");
  return at > 0 && at < email.length - 1 ? normalizeDomain(email.slice(at + 1)) : null;
}

/** An address at the domain or one of its subdomains. */
export function emailIsInDomain(email: string, domain: string): boolean {
  const own = domainOfEmail(email);
  return own !== null && (own === domain || own.endsWith(`.${domain}`));
}

/** better-auth's record name: `_better-auth-token-<providerId>.<domain>`. */
export function verificationRecordName(providerId: string, domain: string): string {
  return `_better-auth-token-${providerId}.${domain}`;
}

/**
 * Whether the TXT record holds the token, as the value itself or as
 * `_better-auth-token-<providerId>=<token>` (a record's strings are joined, RFC 7208 §3.3).
 */
export function recordHoldsToken(records: readonly (readonly string[])[], providerId: string, token: string): boolean {
  return records.some((chunks) => {
    const value = chunks.join("").trim();
    return value === token || value === `_better-auth-token-${providerId}=${token}`;
  });
}

export type TxtLookup = { ok: true; records: string[][] } | { ok: false; reason: "not-found" | "failed" };

/** The TXT records at `name`, asked of DNS_SERVERS when set (UDP), else of the system's resolvers. */
export async function lookupTxt(options: ResolvedSsoOptions, name: string): Promise<TxtLookup> {
  const resolver = new Resolver({ timeout: options.dnsTimeoutMs, tries: 1 });
  if (options.dnsServers) resolver.setServers(options.dnsServers);
  try {
    return { ok: true, records: await resolver.resolveTxt(name) };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, reason: code === "ENOTFOUND" || code === "ENODATA" ? "not-found" : "failed" };
  }
}
