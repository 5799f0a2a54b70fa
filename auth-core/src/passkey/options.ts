/** Options of passkeys (spec §9: timeout 60000 ms, user verification preferred, conditional UI). */
export interface PasskeyOptions {
  passkey?: {
    /** The WebAuthn relying-party id; default the base URL's hostname. */
    rpID?: string;
    /** Shown by the authenticator; default "Gatehouse". */
    rpName?: string;
    /**
     * The origin(s) a ceremony may come from (clientDataJSON.origin); default the base URL's
     * origin. Several when the app is also served elsewhere, e.g. a dev server.
     */
    origin?: string | string[];
    /**
     * Refuse a sign-in assertion made without user verification (PIN or biometrics; the UV
     * flag): a found security key alone then signs nobody in. The ceremony still asks for it as
     * "preferred" (spec §9). Default false; the server turns it on.
     */
    requireUserVerification?: boolean;
  };
}

export interface ResolvedPasskeyOptions {
  rpID: string;
  rpName: string;
  /** Every accepted origin; never empty. */
  origins: string[];
  requireUserVerification: boolean;
}

export function resolvePasskeyOptions(options: PasskeyOptions, baseURL: URL): ResolvedPasskeyOptions {
  const origin = options.passkey?.origin;
  const origins = origin === undefined ? [baseURL.origin] : typeof origin === "string" ? [origin] : origin;
  return {
    rpID: options.passkey?.rpID ?? baseURL.hostname,
    rpName: options.passkey?.rpName ?? "Gatehouse",
    origins: origins.length > 0 ? origins : [baseURL.origin],
    requireUserVerification: options.passkey?.requireUserVerification ?? false,
  };
}
