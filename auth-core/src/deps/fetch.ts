/** The default outbound HTTP client; tests and servers may inject another (AuthOptions.fetch). */
export const systemFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);
