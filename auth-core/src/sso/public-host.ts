import { BlockList, isIP } from "node:net";
import { matchesOriginPattern } from "../shared/trusted-url.js";

/**
 * The server-side request rule for an organization's identity provider (SSRF): its URLs must be
 * on a publicly routable host, or their origin must be one the operator trusts (TRUSTED_ORIGINS).
 * A loopback, private, link-local or otherwise reserved address is refused, whether written as
 * an address or behind a name.
 */
const reserved = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  reserved.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  reserved.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address is reserved (not publicly routable); an IPv4-mapped IPv6 address is judged as IPv4. */
function isReservedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return reserved.check(mapped[1]!, "ipv4");
  const family = isIP(bare);
  if (family === 4) return reserved.check(bare, "ipv4");
  if (family === 6) return reserved.check(bare, "ipv6") || /^::ffff:/i.test(bare);
  return true;
}

export type PublicURLVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether the server may fetch `value`: an http(s) URL whose origin is trusted, or an https URL
 * on a host all of whose addresses are public.
 */
export async function judgeProviderURL(
  value: string,
  input: { trustedOrigins: readonly string[]; resolveHost: (hostname: string) => Promise<string[]> },
): Promise<PublicURLVerdict> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "not http(s)" };
  if (url.username || url.password) return { ok: false, reason: "credentials in the URL" };
  if (input.trustedOrigins.some((pattern) => matchesOriginPattern(url.origin, pattern))) return { ok: true };
  if (url.protocol !== "https:") return { ok: false, reason: "not https" };
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(host)) return isReservedAddress(host) ? { ok: false, reason: "reserved address" } : { ok: true };
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) {
    return { ok: false, reason: "local name" };
  }
  let addresses: string[];
  try {
    addresses = await input.resolveHost(host);
  } catch {
    return { ok: false, reason: "host not found" };
  }
  if (addresses.length === 0 || addresses.some(isReservedAddress)) return { ok: false, reason: "reserved address" };
  return { ok: true };
}
