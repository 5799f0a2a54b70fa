import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "@gatehouse/auth-core";
import type { OIDCPerson } from "@gatehouse/auth-core/testing";
import { renderSignInPage } from "./page.js";
import { loadPeople, peopleFilePath, savePeople } from "./people-file.js";

/** A provider the development identity provider stands in for. */
interface StandInFor {
  /** The name its sign-in page shows ("Google", "GitHub"). */
  name: string;
  /** Registered for the client: BASE_URL/api/auth/callback/{id}. */
  redirectURI: string;
}

export interface DevIdentityProviderOptions {
  /** Port on localhost; the issuer is http://localhost:PORT (0: any free port). */
  port: number;
  /** One client serves them all; the redirect URI tells which provider a sign-in is for. */
  standInFor: StandInFor[];
  logger: Logger;
  /** DATA_DIR: the people created on the page are kept in DATA_DIR/dev-idp-people.json across restarts. Unset: in memory only. */
  dataDir?: string;
}

export interface DevIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const CLIENT_ID = "gatehouse-development";

type TestSupport = typeof import("@gatehouse/auth-core/testing");

/** The OpenID provider and the step that ends its sign-in page, both from auth-core's test support. */
interface OpenIDProvider {
  provider: Awaited<ReturnType<TestSupport["createOpenIDProvider"]>>;
  finishInteraction: TestSupport["finishInteraction"];
}

/** Stable subject per email, so a person re-created after a restart is the same account. */
function subjectFor(email: string): string {
  return `dev-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 20)}`;
}

function person(email: string, name: string, emailVerified: boolean): OIDCPerson {
  return { sub: subjectFor(email), email: email.toLowerCase(), name, emailVerified };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = "";
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * The development identity provider: a real OpenID provider (oidc-provider, the same core as the
 * tests' provider) on localhost standing in for Google (and the ids of DEV_IDP_PROVIDERS), with
 * a page to pick or create a test person. Only main.ts starts it, and never in production.
 */
export async function startDevIdentityProvider(options: DevIdentityProviderOptions): Promise<DevIdentityProvider | null> {
  const people = new Map<string, OIDCPerson>();
  for (const p of [person("ada@example.com", "Ada Lovelace", true), person("unverified@example.com", "Una Verified", false)]) people.set(p.sub, p);
  const file = options.dataDir === undefined ? null : peopleFilePath(options.dataDir);
  const created = file ? loadPeople(file) : [];
  for (const p of created) people.set(subjectFor(p.email), person(p.email, p.name, p.emailVerified));
  const clientSecret = randomBytes(24).toString("base64url");
  let ready: Promise<OpenIDProvider> | undefined;
  /**
   * The OpenID provider, made on the first request: loading oidc-provider and making its RSA key
   * cost more CPU than the rest of a development server's start, paid by every start whether or
   * not anyone signs in with a stand-in provider (docs/performance/notes-from-code.md). Test
   * support is loaded only here, so a production server never loads it. Requests come once the
   * servers listen, when `issuer` (below) is known.
   */
  function openIDProvider(): Promise<OpenIDProvider> {
    ready ??= import("@gatehouse/auth-core/testing").then(async ({ createOpenIDProvider, finishInteraction }) => {
      const provider = await createOpenIDProvider({
        issuer,
        clients: [{ clientId: CLIENT_ID, clientSecret, redirectURIs: options.standInFor.map((entry) => entry.redirectURI) }],
        findPerson: (sub) => people.get(sub),
        interactionURL: (uid) => `/interaction/${uid}`,
      });
      return { provider, finishInteraction };
    });
    return ready;
  }

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const { provider, finishInteraction } = await openIDProvider();
    if (req.method === "POST" && action === "abort") {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The person cancelled the sign-in" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === "POST" && action === "login") {
      const form = await readForm(req);
      let sub = form.get("sub") ?? "";
      const email = form.get("email")?.trim();
      if (email) {
        const newPerson = person(email, form.get("name")?.trim() || email.split("@")[0]!, form.get("emailVerified") === "on");
        people.set(newPerson.sub, newPerson);
        sub = newPerson.sub;
        if (file) {
          const kept = created.filter((p) => subjectFor(p.email) !== newPerson.sub);
          kept.push({ email: newPerson.email ?? email, name: newPerson.name ?? email, emailVerified: newPerson.emailVerified === true });
          created.splice(0, created.length, ...kept);
          try {
            savePeople(file, created);
          } catch (error) {
            options.logger.warn("development identity provider could not save its test people", { error: String(error) });
          }
        }
      }
      if (!people.has(sub)) {
        res.writeHead(400, { "content-type": "text/plain" }).end("Unknown test person");
        return;
      }
      await finishInteraction(provider, req, res, sub);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    // Consent is implied for the one first-party client: only the login prompt shows a page.
    if (details.prompt.name !== "login") {
      await finishInteraction(provider, req, res, details.session?.accountId ?? "");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    const redirectURI = typeof details.params.redirect_uri === "string" ? details.params.redirect_uri : "";
    const standIn = options.standInFor.find((entry) => entry.redirectURI === redirectURI) ?? options.standInFor[0];
    res.end(renderSignInPage(uid, { clientName: "Gatehouse", providerName: standIn?.name ?? "Google" }, [...people.values()]));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const match = /^\/interaction\/([^/?]+)(?:\/(login|abort))?/.exec(req.url ?? "");
    if (!match && /^\/auth(\?|$)/.test(req.url ?? "") && req.headers.cookie) {
      // Every new sign-in shows the page, so a developer can switch between test people.
      req.headers.cookie = req.headers.cookie
        .split(";")
        .filter((part) => !part.trim().startsWith("_session"))
        .join(";");
    }
    const refuse = (): void => {
      if (!res.headersSent) res.writeHead(400, { "content-type": "text/plain" });
      res.end("The sign-in could not continue. Start again from the application.");
    };
    if (!match) {
      openIDProvider().then(
        ({ provider }) => provider.callback()(req, res),
        (error: unknown) => {
          options.logger.error("development identity provider not ready", { error: error instanceof Error ? error.message : String(error) });
          refuse();
        },
      );
      return;
    }
    let uid: string;
    try {
      uid = decodeURIComponent(match[1]!);
    } catch {
      // Malformed percent-encoding (`/interaction/%E0`): thrown here it would end the process.
      refuse();
      return;
    }
    handleInteraction(req, res, uid, match[2]).catch((error: unknown) => {
      options.logger.error("development identity provider interaction failed", { error: error instanceof Error ? error.message : String(error) });
      refuse();
    });
  }

  // "localhost" may resolve to either address, in the browser and in Node: answer on both.
  const servers = [createServer(handle), createServer(handle)];
  let port: number;
  try {
    port = await listen(servers[0]!, options.port, "127.0.0.1");
  } catch (error) {
    options.logger.error("development identity provider not started", { port: options.port, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
  await listen(servers[1]!, port, "::1").catch(() => {
    servers.pop(); // no IPv6 loopback on this machine
  });
  const issuer = `http://localhost:${port}`;
  options.logger.info("development identity provider listening", { issuer, people: people.size, standsInFor: options.standInFor.map((entry) => entry.name) });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
