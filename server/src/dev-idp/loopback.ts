/** The host names of this machine's own loopback interface, as URL.hostname spells them. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether the app's public URL is plain http on this machine's loopback interface: the only
 * deployment in which the development identity provider (anyone signs in as anyone) may stand in
 * for a provider. NODE_ENV alone is not enough: it defaults to development, and a public
 * https deployment that forgets it must not offer that door.
 */
export function isLoopbackHTTPOrigin(baseURL: string): boolean {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return false;
  }
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}
