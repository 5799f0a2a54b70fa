import { signUpInBrowser, type EmailAccount } from "./accounts.js";
import { openBrowser, type TestBrowser } from "./browser.js";
import { startServer, type RunningServer } from "./server.js";

/** `N` browsers, as a tuple the test can take apart. */
type Browsers<N extends number, Acc extends TestBrowser[] = []> = Acc["length"] extends N ? Acc : Browsers<N, [...Acc, TestBrowser]>;

export interface Started<N extends number = 1> {
  server: RunningServer;
  /** The first holds the signed-up person's session; the others are fresh. */
  browsers: Browsers<N>;
  /** Closes the browsers and stops the server. */
  close(): Promise<void>;
}

/**
 * How most browser tests begin: the real server, `browsers` fresh browsers (devices), and
 * `person` signed up in the first. If a step fails, what was started is closed.
 */
export async function startWithPerson<N extends 1 | 2 | 3 = 1>(person: EmailAccount, browsers: N = 1 as N): Promise<Started<N>> {
  const server = await startServer();
  const opened: TestBrowser[] = [];
  const close = async (): Promise<void> => {
    for (const browser of opened.reverse()) await browser.close();
    await server.stop();
  };
  try {
    for (let i = 0; i < browsers; i++) opened.push(await openBrowser());
    await signUpInBrowser(opened[0]!.context, server.baseURL, person);
  } catch (error) {
    await close();
    throw error;
  }
  return { server, browsers: [...opened] as Browsers<N>, close };
}
