import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

/*
 * A WebAuthn authenticator in software, for driving passkey ceremonies in tests without a
 * browser: ES256 keys from node:crypto, "none" attestation, authenticator data built byte by
 * byte (WebAuthn L3 §6.1) and CBOR written here, independently of the library under test.
 */

type CBORValue = number | string | Uint8Array | Map<number | string, CBORValue>;

function cborHead(major: number, length: number): Uint8Array {
  if (length < 24) return Uint8Array.of((major << 5) | length);
  if (length < 0x100) return Uint8Array.of((major << 5) | 24, length);
  if (length < 0x10000) return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff);
  const head = new Uint8Array(5);
  head[0] = (major << 5) | 26;
  new DataView(head.buffer).setUint32(1, length);
  return head;
}

/** RFC 8949 encoding of the few types WebAuthn needs: integers, strings, bytes, maps. */
export function encodeCBOR(value: CBORValue): Uint8Array {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts: Uint8Array[] = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCBOR(key), encodeCBOR(item));
  return Buffer.concat(parts);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

function sha256(data: Uint8Array | string): Buffer {
  return createHash("sha256").update(data).digest();
}

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

/** One credential held by the authenticator. */
export interface SoftwareCredential {
  id: Uint8Array;
  rpID: string;
  userHandle: Uint8Array;
  privateKey: KeyObject;
  /** The COSE_Key (RFC 9053 §7.1.1, EC2 P-256, ES256). */
  publicKeyCOSE: Uint8Array;
  counter: number;
}

export interface SoftwareAuthenticatorOptions {
  /** The origin the "browser" reports in clientDataJSON; default the test base URL. */
  origin?: string;
  /** Backup eligible and backed up (a synced passkey: deviceType multiDevice); default true. */
  backedUp?: boolean;
  /** Whether the user is verified (UV flag); default true. */
  userVerified?: boolean;
  transports?: string[];
  /** The AAGUID the authenticator names itself by at registration (a UUID); default zeros, as "none" attestation often conveys. */
  aaguid?: string;
}

/** Per-ceremony deviations, to play an attacker or a broken client. */
export interface CeremonyOverrides {
  origin?: string;
  /** Hash this rpID into the authenticator data instead of the one in the options. */
  rpID?: string;
  /**
   * Use this held credential (base64url id): sign with it even if the options did not allow it,
   * or attest it again at registration (a client ignoring excludeCredentials).
   */
  credentialID?: string;
  /** Report this counter instead of the next one. */
  counter?: number;
  type?: string;
}

export interface SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[];
  /** navigator.credentials.create(): throws "InvalidStateError" for an excluded credential. */
  createCredential(options: PublicKeyCredentialCreationOptionsJSON, overrides?: CeremonyOverrides): RegistrationResponseJSON;
  /** navigator.credentials.get(): throws "NotAllowedError" when no credential fits. */
  getAssertion(options: PublicKeyCredentialRequestOptionsJSON, overrides?: CeremonyOverrides): AuthenticationResponseJSON;
  /** A second device holding copies of the same keys and counters (a cloned authenticator). */
  clone(): SoftwareAuthenticator;
}

const DEFAULT_ORIGIN = "http://localhost:3000";

export function createSoftwareAuthenticator(options: SoftwareAuthenticatorOptions = {}, held: SoftwareCredential[] = []): SoftwareAuthenticator {
  const credentials = held;
  const origin = options.origin ?? DEFAULT_ORIGIN;
  const backedUp = options.backedUp ?? true;
  const aaguid = options.aaguid ? Buffer.from(options.aaguid.replace(/-/g, ""), "hex") : new Uint8Array(16);
  const flagsBase = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV) | (backedUp ? FLAG_BE | FLAG_BS : 0);

  function clientData(type: string, challenge: string, overrides: CeremonyOverrides): string {
    return b64url(
      new TextEncoder().encode(JSON.stringify({ type: overrides.type ?? type, challenge, origin: overrides.origin ?? origin, crossOrigin: false })),
    );
  }

  function newCredential(rpID: string, creation: PublicKeyCredentialCreationOptionsJSON): SoftwareCredential {
    const excluded = new Set((creation.excludeCredentials ?? []).map((c) => c.id));
    if (credentials.some((c) => c.rpID === rpID && excluded.has(b64url(c.id)))) throw new Error("InvalidStateError: credential excluded");
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const publicKeyCOSE = encodeCBOR(
      new Map<number, CBORValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const credential: SoftwareCredential = {
      id: new Uint8Array(randomBytes(32)),
      rpID,
      userHandle: Buffer.from(creation.user.id, "base64url"),
      privateKey,
      publicKeyCOSE,
      counter: 0,
    };
    credentials.push(credential);
    return credential;
  }

  return {
    credentials,
    createCredential(creation, overrides = {}) {
      const rpID = creation.rp.id ?? new URL(origin).hostname;
      const credential = overrides.credentialID ? credentials.find((c) => b64url(c.id) === overrides.credentialID) : newCredential(rpID, creation);
      if (!credential) throw new Error("NotAllowedError: no such credential to attest again");
      const idLength = Uint8Array.of(credential.id.length >> 8, credential.id.length & 0xff);
      const authData = Buffer.concat([
        sha256(overrides.rpID ?? rpID),
        Uint8Array.of(flagsBase | FLAG_AT),
        uint32(overrides.counter ?? credential.counter),
        aaguid,
        idLength,
        credential.id,
        credential.publicKeyCOSE,
      ]);
      const attestationObject = encodeCBOR(
        new Map<string, CBORValue>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      const id = b64url(credential.id);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON: clientData("webauthn.create", creation.challenge, overrides),
          attestationObject: b64url(attestationObject),
          transports: options.transports ?? ["internal", "hybrid"],
        },
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
      };
    },
    getAssertion(request, overrides = {}) {
      const rpID = request.rpId ?? new URL(origin).hostname;
      const allowed = new Set((request.allowCredentials ?? []).map((c) => c.id));
      const credential = overrides.credentialID
        ? credentials.find((c) => b64url(c.id) === overrides.credentialID)
        : credentials.find((c) => c.rpID === rpID && (allowed.size === 0 || allowed.has(b64url(c.id))));
      if (!credential) throw new Error("NotAllowedError: no credential for this request");
      credential.counter += 1;
      const authData = Buffer.concat([sha256(overrides.rpID ?? rpID), Uint8Array.of(flagsBase), uint32(overrides.counter ?? credential.counter)]);
      const clientDataJSON = clientData("webauthn.get", request.challenge, overrides);
      // WebAuthn L3 §6.3.3: the signature covers authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
      const signature = sign("sha256", Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, "base64url"))]), credential.privateKey);
      const id = b64url(credential.id);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON,
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: b64url(credential.userHandle),
        },
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
      };
    },
    clone() {
      return createSoftwareAuthenticator(
        options,
        credentials.map((c) => ({ ...c })),
      );
    },
  };
}
