/** Options of passkeys. Owned by the passkey issue. */
export interface PasskeyOptions {
  passkey?: {
    rpID?: string;
    rpName?: string;
    origin?: string;
  };
}

export interface ResolvedPasskeyOptions {
  rpID: string;
  rpName: string;
  origin: string;
}

export function resolvePasskeyOptions(options: PasskeyOptions, baseURL: URL): ResolvedPasskeyOptions {
  return {
    rpID: options.passkey?.rpID ?? baseURL.hostname,
    rpName: options.passkey?.rpName ?? "Gatehouse",
    origin: options.passkey?.origin ?? baseURL.origin,
  };
}
