import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../src/deps/logger.js";
import { createTestBrowser, IDP_SSO_URL, readJSON, testDialects } from "../testing/index.js";
import type { WireSessionResult } from "../src/shared/wire-types.js";
import { createSsoWorld, type RegisteredProvider, type SsoWorld } from "./sso-support.js";

/**
 * node-saml's own malicious-signature corpus (test/static/signatures, vendored in
 * fixtures/node-saml with its certificate: see its README), fed to our ACS. The provider trusts the
 * corpus's certificate and takes IdP-initiated Responses, so nothing but the signature stands
 * between a fixture and a session (an AuthnRequest of ours would be checked, and fail, first).
 */
const FIXTURES = join(fileURLToPath(new URL(".", import.meta.url)), "fixtures/node-saml");
const CORPUS_CERT = readFileSync(join(FIXTURES, "cert.pem"), "utf8");
const fixturesIn = (folder: "invalid" | "valid"): string[] =>
  readdirSync(join(FIXTURES, "signatures", folder))
    .filter((name) => name.endsWith(".xml"))
    .sort();
/** node-saml's "valid" ones whose assertion is signed: the signature holds, so they must get past it. */
const signedAssertion = (name: string): boolean => /assertion-signed/.test(name);
/**
 * What node-saml says when it refuses a Response for its signature, or before reading it: several
 * roots (xmldom), or an encrypted assertion, which we never decrypt (none is offered: no key).
 */
const SIGNATURE_REFUSAL = /signature|xmldom|transforms|no decryption key/i;

describe.each(testDialects())("node-saml's malicious-signature fixtures at the ACS on %s", (dialect) => {
  let world: SsoWorld;
  const reasons: string[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (message, fields) => {
      if (message === "SAML response refused") reasons.push(String(fields?.reason));
    },
    error: () => undefined,
  };
  const domain = "node-saml.acme.test";

  beforeAll(async () => {
    world = await createSsoWorld(dialect, null, undefined, logger);
    const registered = await world.owner.browser.post("/sso/register", {
      providerId: "node-saml-corpus",
      issuer: "onesaml_login",
      domain,
      organizationId: world.organizationId,
      samlConfig: {
        entryPoint: IDP_SSO_URL,
        cert: CORPUS_CERT,
        wantAssertionsSigned: true,
        allowIdpInitiated: true,
        identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
      },
    });
    expect(registered.status).toBe(200);
    const { domainVerificationToken } = await readJSON<RegisteredProvider>(registered);
    world.dns.setTxt(`_better-auth-token-node-saml-corpus.${domain}`, [domainVerificationToken]);
    expect((await world.owner.browser.post("/sso/verify-domain", { providerId: "node-saml-corpus" })).status).toBe(204);
  });
  afterAll(async () => {
    await world.destroy();
  });

  /** Posts a fixture as the IdP's form would (no RelayState: IdP-initiated); the refusal's logged reason. */
  async function feed(folder: "invalid" | "valid", name: string): Promise<string> {
    const browser = createTestBrowser(world.t.auth);
    const before = reasons.length;
    const response = await browser.postForm("/sso/saml2/sp/acs/node-saml-corpus", {
      SAMLResponse: readFileSync(join(FIXTURES, "signatures", folder, name)).toString("base64"),
    });
    expect(response.status, name).toBe(302);
    expect(response.headers.get("location"), name).toContain("error=invalid_saml_response");
    expect(
      response.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie)),
      name,
    ).toEqual([]);
    expect(await readJSON<WireSessionResult | null>(await browser.get("/get-session")), name).toBeNull();
    expect(reasons.length, name).toBe(before + 1);
    return reasons.at(-1)!;
  }

  it("refuses every one of the invalid signatures (wrapping, re-signing with the attacker's key in KeyInfo, extra transforms, advice, several roots), for its signature, with no session", async () => {
    const names = fixturesIn("invalid");
    expect(names.length).toBe(20);
    const refusals: Record<string, string> = {};
    for (const name of names) refusals[name] = await feed("invalid", name);
    expect(Object.entries(refusals).filter(([, reason]) => !SIGNATURE_REFUSAL.test(reason))).toEqual([]);
  });

  it("refuses node-saml's 'valid' Responses too: an unsigned assertion for its signature, a signed one past it (2020, another audience and ACS)", async () => {
    const names = fixturesIn("valid");
    expect(names.length).toBe(15);
    for (const name of names) {
      const reason = await feed("valid", name);
      // The control: a correctly signed assertion gets past the signature check (so the refusals
      // above are the signature's), and is refused later on what it says.
      if (signedAssertion(name)) expect(reason, name).not.toMatch(SIGNATURE_REFUSAL);
      else expect(reason, name).toMatch(SIGNATURE_REFUSAL);
    }
  });
});
