/**
 * The client's address: the socket's, unless the operator configured headers that a trusted
 * proxy sets. The left-most X-Forwarded-For entry is the client as the first proxy saw it.
 */
export function resolveClientAddress(
  headers: Headers,
  socketAddress: string | null,
  trustedHeaders: readonly string[],
): string | null {
  for (const name of trustedHeaders) {
    const value = headers.get(name);
    if (!value) continue;
    const first = value.split(",")[0]?.trim();
    if (first) return first;
  }
  return socketAddress;
}
