import { generateKeyPair, type GenerateKeyPairResult } from "jose";

const made = new Map<string, Promise<GenerateKeyPairResult>>();

/**
 * A signing key pair for a test's stand-in of a provider (an ID token's issuer), made once per
 * test process and algorithm and then shared: making an RSA key is slow, and when the stand-ins
 * and test OpenID providers made one each it was the largest single cost of auth-core's tests
 * (docs/performance/notes-from-code.md). A key in tests proves nothing by being new: each
 * stand-in checks its own tokens by issuer, audience and signature. A test about a key the
 * provider does not publish makes that key itself.
 */
export function testSigningKeyPair(alg: string): Promise<GenerateKeyPairResult> {
  let pair = made.get(alg);
  if (!pair) {
    pair = generateKeyPair(alg, { extractable: true });
    // A failure is not kept: the next caller tries again.
    pair.catch(() => made.delete(alg));
    made.set(alg, pair);
  }
  return pair;
}
