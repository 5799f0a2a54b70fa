import { afterAll, beforeAll } from "vitest";
import { signUpInBrowser, type EmailAccount } from "./accounts.js";
import { openBrowser, type TestBrowser } from "./browser.js";
import { startServer, type RunningServer, type StartOptions } from "./server.js";

/**
 * How most browser tests begin, for a whole test file: before its tests, the real server, one
 * fresh browser (device) per name, and `person` signed up in the first; after them, all closed.
 * The returned object's fields are there once the tests run: `server`, and a browser per name.
 * `options` go to startServer.
 */
export function startForFile<Name extends string>(
  person: EmailAccount,
  names: [Name, ...Name[]],
  options: StartOptions = {},
): { server: RunningServer } & Record<Name, TestBrowser> {
  const started = {} as { server: RunningServer } & Record<Name, TestBrowser>;
  const opened: TestBrowser[] = [];
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({}, options);
    for (const name of names) {
      const browser = await openBrowser();
      opened.push(browser);
      Object.assign(started, { [name]: browser });
    }
    started.server = server;
    await signUpInBrowser(opened[0]!.context, server.baseURL, person);
  });
  afterAll(async () => {
    for (const browser of opened.reverse()) await browser.close();
    await server?.stop();
  });
  return started;
}
