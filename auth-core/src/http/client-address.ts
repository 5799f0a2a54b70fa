import { isIP } from "node:net";

/**
 * The client's address: the socket's, unless the operator configured headers that a trusted
 * proxy sets. That proxy appends the address it saw to X-Forwarded-For, so the right-most entry
 * is the one it vouches for; entries to its left are whatever the client sent and would let
 * anyone pick their own rate-limit key. A value that is not an IP address is ignored.
 */
export function resolveClientAddress(headers: Headers, socketAddress: string | null, trustedHeaders: readonly string[]): string | null {
  for (const name of trustedHeaders) {
    const value = headers.get(name);
    if (!value) continue;
    const last = value.split(",").at(-1)?.trim();
    if (last && isIP(last) !== 0) return last;
  }
  return socketAddress;
}
