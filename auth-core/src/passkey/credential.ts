import type { RandomReader } from "../deps/random.js";
import type { PasskeyRow } from "../store/database.js";

/** Transport names browsers report (WebAuthn L3 §5.8.4, plus the legacy "cable"). */
export type PasskeyTransport = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";

/** Spec §9: the ceremony timeout the browser is given. */
export const CEREMONY_TIMEOUT_MS = 60_000;

/** The counter column is a 32-bit signed integer on PostgreSQL; WebAuthn allows 32-bit unsigned. */
export const MAX_STORED_COUNTER = 2_147_483_647;

const KNOWN_TRANSPORTS: readonly PasskeyTransport[] = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"];

function isKnownTransport(value: string): value is PasskeyTransport {
  return (KNOWN_TRANSPORTS as readonly string[]).includes(value);
}

/** Stored as a comma-separated string (better-auth's column format); unknown names are dropped. */
export function formatTransports(transports: readonly string[] | undefined): string | null {
  const known = (transports ?? []).filter(isKnownTransport);
  return known.length > 0 ? [...new Set(known)].join(",") : null;
}

export function parseTransports(stored: string | null): PasskeyTransport[] | undefined {
  const known = (stored ?? "").split(",").filter(isKnownTransport);
  return known.length > 0 ? known : undefined;
}

export interface CredentialDescriptor {
  id: string;
  transports?: PasskeyTransport[];
}

/** A fresh 32-byte ceremony challenge from the injected generator. */
export function newChallenge(random: RandomReader): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(32);
  random.read(bytes);
  return bytes;
}

/** allowCredentials / excludeCredentials entry for a stored passkey. */
export function toCredentialDescriptor(row: PasskeyRow): CredentialDescriptor {
  const transports = parseTransports(row.transports);
  return transports ? { id: row.credentialID, transports } : { id: row.credentialID };
}

/** The COSE public key as stored: standard base64, as better-auth stores it. */
export function encodePublicKey(publicKey: Uint8Array): string {
  return Buffer.from(publicKey).toString("base64");
}

export function decodePublicKey(stored: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(stored, "base64"));
}
