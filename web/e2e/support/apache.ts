import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts } from "./server.js";

/** Debian's apache2 and libapache2-mod-auth-openidc, as scripts/setup-system.sh installs them. */
const APACHE = process.env.GATEHOUSE_APACHE ?? "/usr/sbin/apache2";
const MODULES = process.env.GATEHOUSE_APACHE_MODULES ?? "/usr/lib/apache2/modules";
const ci = process.env.CI === "true" || process.env.CI === "1";

/**
 * Whether this machine has Apache with mod_auth_openidc. Without them a local run skips the
 * relying-party test loudly; with CI=true the test fails instead (scripts/test.mjs's rule:
 * nothing may be skipped in CI).
 */
export function apacheStatus(): { available: boolean; mustFail: boolean } {
  const missing = [APACHE, join(MODULES, "mod_auth_openidc.so")].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    const bar = "!".repeat(78);
    console.error(
      `\n${bar}\n!! No ${missing.join(" or ")}: the mod_auth_openidc relying-party test${ci ? " FAILS (CI=true)" : " is SKIPPED"}.\n!! Install Apache and the module with: bash scripts/setup-system.sh\n${bar}\n`,
    );
  }
  return { available: missing.length === 0, mustFail: missing.length > 0 && ci };
}

export interface RelyingPartyOptions {
  /** Gatehouse's issuer (BASE_URL/api/auth): mod_auth_openidc reads its discovery document. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface RunningApache {
  /** The demo app's origin (http://127.0.0.1:<port>). */
  origin: string;
  /** The page mod_auth_openidc protects: it shows the claims the module passed. */
  protectedURL: string;
  /** mod_auth_openidc's redirect URI (the client's registered callback; also its logout door). */
  redirectURI: string;
  /** Where the app sends the person after logging out (a page outside the protected path). */
  loggedOutURL: string;
  /** The error log so far, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** The ports and addresses of an Apache about to start, so the client can be registered with them first. */
export async function planApache(): Promise<Pick<RunningApache, "origin" | "protectedURL" | "redirectURI" | "loggedOutURL"> & { port: number }> {
  const [port] = (await freePorts(1)) as [number];
  // 127.0.0.1, not localhost: the app's cookies are not sent to Gatehouse (localhost) and back.
  const origin = `http://127.0.0.1:${port}`;
  return { port, origin, protectedURL: `${origin}/protected/`, redirectURI: `${origin}/protected/redirect_uri`, loggedOutURL: `${origin}/logged-out.html` };
}

/**
 * The demo app: Apache in the foreground (`-X`, one process, no systemd) on a free port, its
 * configuration written into a temporary directory, with /protected/ behind mod_auth_openidc
 * (the authorization code flow with PKCE S256 against Gatehouse's discovery document). The page
 * echoes OIDC_CLAIM_* through server-side includes.
 */
export async function startApache(plan: Awaited<ReturnType<typeof planApache>>, rp: RelyingPartyOptions): Promise<RunningApache> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-apache-"));
  const docs = join(dir, "htdocs");
  const errorLog = join(dir, "error.log");
  writeFileSync(join(dir, "mime.types"), "text/html html shtml\n");
  mkdirSync(join(docs, "protected"), { recursive: true });
  writeFileSync(
    join(docs, "protected", "index.html"),
    [
      "<!doctype html><title>Team Wiki</title><h1>Team Wiki</h1>",
      '<p>Signed in as <span id="email"><!--#echo var="OIDC_CLAIM_email" --></span></p>',
      '<p>Name: <span id="name"><!--#echo var="OIDC_CLAIM_name" --></span></p>',
      '<p>Subject: <span id="sub"><!--#echo var="OIDC_CLAIM_sub" --></span></p>',
      '<p>Issuer: <span id="iss"><!--#echo var="OIDC_CLAIM_iss" --></span></p>',
      `<p><a href="${plan.redirectURI}?logout=${encodeURIComponent(plan.loggedOutURL)}">Log out</a></p>`,
      "",
    ].join("\n"),
  );
  writeFileSync(join(docs, "logged-out.html"), "<!doctype html><title>Team Wiki</title><h1>You have logged out of Team Wiki</h1>\n");
  const mod = (name: string, file: string) => `LoadModule ${name} ${join(MODULES, file)}`;
  writeFileSync(
    join(dir, "httpd.conf"),
    [
      `ServerRoot "${dir}"`,
      `ServerName 127.0.0.1`,
      `Listen 127.0.0.1:${plan.port}`,
      `PidFile "${join(dir, "httpd.pid")}"`,
      `DefaultRuntimeDir "${dir}"`,
      mod("mpm_event_module", "mod_mpm_event.so"),
      mod("authn_core_module", "mod_authn_core.so"),
      mod("authz_core_module", "mod_authz_core.so"),
      mod("authz_user_module", "mod_authz_user.so"),
      mod("mime_module", "mod_mime.so"),
      mod("dir_module", "mod_dir.so"),
      mod("include_module", "mod_include.so"),
      mod("auth_openidc_module", "mod_auth_openidc.so"),
      `TypesConfig "${join(dir, "mime.types")}"`,
      `ErrorLog "${errorLog}"`,
      "LogLevel warn auth_openidc:info",
      `DocumentRoot "${docs}"`,
      "DirectoryIndex index.html",
      `<Directory "${docs}">`,
      "  Options +IncludesNOEXEC",
      "  AddOutputFilter INCLUDES .html",
      "  Require all granted",
      "</Directory>",
      "",
      "# The relying party: mod_auth_openidc as docs/oidc-provider.md's recipe has it.",
      `OIDCProviderMetadataURL ${rp.issuer}/.well-known/openid-configuration`,
      `OIDCClientID ${rp.clientId}`,
      `OIDCClientSecret ${rp.clientSecret}`,
      `OIDCRedirectURI ${plan.redirectURI}`,
      `OIDCCryptoPassphrase ${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("hex")}`,
      'OIDCScope "openid email profile"',
      "OIDCPKCEMethod S256",
      "OIDCProviderTokenEndpointAuth client_secret_basic",
      "OIDCRemoteUserClaim email",
      "OIDCPassClaimsAs environment",
      "<Location /protected>",
      "  AuthType openid-connect",
      "  Require valid-user",
      "</Location>",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(APACHE, ["-X", "-f", join(dir, "httpd.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "" },
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const log = (): string => {
    let errors = "";
    try {
      errors = readFileSync(errorLog, "utf8");
    } catch {
      // not written yet
    }
    return `${output}${errors}`;
  };
  // Ready when it answers: the unprotected page, polled (Apache prints nothing when it listens).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`apache2 exited (${child.exitCode}) at start:\n${log()}`);
    const answered = await fetch(plan.loggedOutURL).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`apache2 did not answer within 15 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    ...plan,
    log,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
