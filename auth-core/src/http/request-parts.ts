import type { ClientInfo } from "../endpoint.js";

/** What a server passes with a request beside it. */
export interface HandlerInfo {
  /** The socket's remote address, supplied by the server adapter. */
  clientAddress?: string | null;
  /** The server's request id: security events and the error log of this request carry it. */
  requestId?: string;
  /**
   * Headers every answer of this call carries unless the endpoint sets its own (a server's
   * security headers and request id). Given as one plain object, they are written into the
   * answer as it is built, so the server need not copy the answer's headers to add them.
   */
  headers?: Readonly<Record<string, string>>;
}

const PLAIN_PATH = /^[A-Za-z0-9/_-]*$/;

/**
 * The path and query of a request's absolute URL. A plain path (letters, digits, `/`, `-`, `_`)
 * is read as it stands, which is what the URL parser would make of it; anything else (dots,
 * percent-escapes, backslashes) goes through the parser, which normalizes it.
 */
export function splitRequestURL(href: string): { pathname: string; search: string } {
  const start = href.indexOf("/", href.indexOf("//") + 2);
  if (start !== -1) {
    const queryAt = href.indexOf("?", start);
    const hashAt = href.indexOf("#", start);
    const end = queryAt !== -1 ? queryAt : hashAt !== -1 ? hashAt : href.length;
    const pathname = href.slice(start, end);
    if (PLAIN_PATH.test(pathname) && hashAt === -1) {
      const search = queryAt === -1 || queryAt === href.length - 1 ? "" : href.slice(queryAt);
      return { pathname, search };
    }
  }
  const url = new URL(href);
  return { pathname: url.pathname, search: url.search };
}

/**
 * The caller of an HTTP request as its endpoint sees it. The User-Agent is read when an endpoint
 * asks for it (a session, an audit event, an API key's use), not for every request: most are
 * reads that never do, and a server's Headers may have to scan the raw header list to answer
 * for it (duplicates of a User-Agent are joined, not dropped).
 */
export class RequestClient implements ClientInfo {
  #userAgent: string | null | undefined;
  readonly #headers: Headers;
  readonly ipAddress: string | null;
  readonly requestId?: string;
  constructor(ipAddress: string | null, headers: Headers, requestId: string | undefined) {
    this.ipAddress = ipAddress;
    this.#headers = headers;
    if (requestId !== undefined) this.requestId = requestId;
  }
  get userAgent(): string | null {
    if (this.#userAgent === undefined) this.#userAgent = this.#headers.get("user-agent");
    return this.#userAgent;
  }
}
