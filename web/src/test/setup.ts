import { Server } from "node:net";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { showLanguage } from "../lib/i18n.js";

/**
 * Setup for every web component test. A test talks only to what it opened: the in-process test
 * backends (test/auth-backend.ts, test/app-backend.ts) never touch the network, and a server a
 * test starts itself listens on a port this process opened. Any other request (the page's own
 * origin, http://localhost:3000, where a developer's app may be running) is refused at once and
 * fails the test that made it, naming the address, instead of reaching whatever listens there.
 */
/**
 * The guard's state, kept on globalThis: test files share their worker's globals (isolate: false),
 * this file runs once per file, and the patches below must wrap the originals once, not each other.
 */
interface RequestGuard {
  openedPorts: Set<number>;
  strayRequests: string[];
}
const GUARD = Symbol.for("gatehouse.web-test.request-guard");
const holder = globalThis as typeof globalThis & { [GUARD]?: RequestGuard };
const guard = (holder[GUARD] ??= installRequestGuard());

function installRequestGuard(): RequestGuard {
  const state: RequestGuard = { openedPorts: new Set(), strayRequests: [] };
  const { openedPorts, strayRequests } = state;
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    this.once("listening", () => {
      const address = this.address();
      // Kept after the server closes: a test may ask its closed port on purpose (a refused connection).
      if (address && typeof address === "object") openedPorts.add(address.port);
    });
    return (listen as (...a: unknown[]) => Server).apply(this, args);
  } as typeof Server.prototype.listen;

  const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
  const opened = (url: URL): boolean => {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    return LOOPBACK.has(url.hostname) && openedPorts.has(port);
  };
  const refuse = (url: URL): Error => {
    strayRequests.push(url.href);
    return new TypeError(`Failed to fetch: ${url.href} is no server this test opened (give the client its test backend)`);
  };

  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), globalThis.location?.href);
    return opened(url) ? networkFetch(input, init) : Promise.reject(refuse(url));
  };

  if (globalThis.XMLHttpRequest) {
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      const target = new URL(String(url), globalThis.location?.href);
      if (!opened(target)) throw refuse(target);
      return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof XMLHttpRequest.prototype.open;
  }
  return state;
}

// Every test unmounts what it rendered: files share their worker's document (isolate: false), and
// a table one file left in it was found by the next file's queries (csv-export.test after
// paged-table.test, CI=true npm test 13:49Z). testing-library cleans up by itself only where
// vitest's globals are on, which they are not here.
afterEach(() => cleanup());

afterEach(() => {
  if (guard.strayRequests.length === 0) return;
  const stray = guard.strayRequests.splice(0);
  throw new Error(`the test sent requests to addresses it did not open: ${[...new Set(stray)].join(", ")}`);
});

// A page a test left may still be loading a lazy chunk (a route, the email panel). Files share
// their worker's modules, and vitest ends a batch of files by refusing the imports still pending,
// which would leave that refusal in React.lazy's cache for the worker's next file: each file ends
// once its imports have loaded.
afterAll(() => vi.dynamicImportSettled());

// Screens appear when the in-process service has answered; on a loaded machine (two busy cores,
// scrypt, SQLite) that can take longer than testing-library's 1 s default. The wait still ends
// as soon as the screen is there.
configure({ asyncUtilTimeout: 10_000 });

// The app's words: English, as a browser without another language shows them (web/src/lib/i18n.ts).
// Both catalogs: a test may render a signed-in section on its own, without the router that loads them.
await showLanguage("en");
await import("../components/ui.js");
