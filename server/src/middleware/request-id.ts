import { randomBytes } from "node:crypto";

/** An id a proxy in front may pass in X-Request-Id: printable token characters only, bounded. */
const INCOMING_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/**
 * The request ids of one server process: a random prefix drawn once (so the ids of the
 * processes behind one load balancer do not collide) and a counter, instead of a random UUID
 * per request. Behind a trusted proxy (TRUSTED_PROXY=on) a well-formed X-Request-Id the proxy
 * sent is kept, so the proxy's log and this server's lines share it; from anyone else it is
 * ignored (a client must not choose the id its security events are filed under).
 */
export function createRequestIds(options: { trustIncoming: boolean }): RequestIds {
  const prefix = randomBytes(6).toString("base64url");
  let counter = 0;
  return {
    trustIncoming: options.trustIncoming,
    next(incoming) {
      if (options.trustIncoming && incoming !== undefined && INCOMING_ID.test(incoming)) return incoming;
      counter += 1;
      return `${prefix}-${counter.toString(36)}`;
    },
  };
}

export interface RequestIds {
  /** Whether an incoming X-Request-Id is read at all. */
  readonly trustIncoming: boolean;
  /** The id of a new request: the incoming one when trusted and well-formed, else the next of this process. */
  next(incoming?: string): string;
}
