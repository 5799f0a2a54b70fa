/**
 * @simplewebauthn/server, loaded on the first passkey ceremony rather than at start: with its
 * ASN.1 and COSE dependencies it is the largest module auth-core uses, by resident memory
 * (docs/performance/notes-from-code.md), and most requests (every get-session) never need it.
 */
type WebAuthn = typeof import("@simplewebauthn/server");

let loading: Promise<WebAuthn> | null = null;

export function loadWebAuthn(): Promise<WebAuthn> {
  loading ??= import("@simplewebauthn/server");
  return loading;
}
