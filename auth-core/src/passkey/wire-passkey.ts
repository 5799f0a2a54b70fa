import type { PasskeyRow } from "../store/database.js";
import type { WirePasskey } from "../shared/wire-types.js";

/** The only way a passkey row becomes JSON: names every field, so the public key cannot leak. */
export function toWirePasskey(row: PasskeyRow): WirePasskey {
  return {
    id: row.id,
    name: row.name,
    userId: row.userId,
    credentialID: row.credentialID,
    counter: Number(row.counter),
    deviceType: row.deviceType,
    backedUp: Number(row.backedUp) === 1,
    transports: row.transports,
    aaguid: row.aaguid,
    createdAt: row.createdAt,
  };
}
