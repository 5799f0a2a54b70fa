import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import * as samlify from "samlify";

/**
 * A SAML 2.0 identity provider for tests (samlify, a maintained library, as the IdP): signing
 * keys made by openssl, AuthnRequests read from HTTP-Redirect URLs, signed Responses with the
 * values a test sets, and a page that posts one to the ACS as an IdP's does.
 */

// samlify asks for an XML schema validator; the responses it makes here are its own.
samlify.setSchemaValidator({ validate: async () => "skipped" });

export interface KeyPair {
  key: string;
  cert: string;
}

/** A self-signed signing certificate and its key, made by openssl (Debian's) for this test run. */
export function makeSigningKeyPair(commonName: string): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-saml-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-sha256",
        "-days",
        "2",
        "-subj",
        `/CN=${commonName}`,
        "-keyout",
        join(dir, "key.pem"),
        "-out",
        join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const IDP_ENTITY_ID = "https://idp.acme.test/saml";
export const IDP_SSO_URL = "https://idp.acme.test/saml/sso";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

/** A SAML IdP (samlify) that answers our AuthnRequests; its key decides who signed. */
export function createSamlIdp(keys: KeyPair, entityID = IDP_ENTITY_ID): samlify.IdentityProviderInstance {
  return samlify.IdentityProvider({
    entityID,
    privateKey: keys.key,
    signingCert: keys.cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO_URL }],
  });
}

/** The AuthnRequest in an HTTP-Redirect URL: its XML and ID, and the RelayState. */
export function readAuthnRequest(url: string): { xml: string; id: string; relayState: string } {
  const parsed = new URL(url);
  const xml = inflateRawSync(Buffer.from(parsed.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
  const id = /\sID="([^"]+)"/.exec(xml)?.[1] ?? "";
  return { xml, id, relayState: parsed.searchParams.get("RelayState") ?? "" };
}

export interface ResponseOptions {
  nameID: string;
  inResponseTo: string;
  assertionID?: string;
  audience?: string;
  notOnOrAfter?: Date;
  notBefore?: Date;
  recipient?: string;
}

function samlId(): string {
  return `_${randomBytes(16).toString("hex")}`;
}

/**
 * A signed Response from `idp` to the SP described by `spMetadata`: samlify's own template and
 * signing, with the values a test sets (assertion ID, audience, time window, recipient).
 */
export async function makeSamlResponse(idp: samlify.IdentityProviderInstance, spMetadata: string, options: ResponseOptions): Promise<string> {
  const sp = samlify.ServiceProvider({ metadata: spMetadata });
  const now = new Date();
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60 * 1000)).toISOString();
  // samlify names the binding by its short name here ("post"), not its URN.
  const acs = sp.entityMeta.getAssertionConsumerService("post") as string;
  if (!acs) throw new Error("the SP metadata names no HTTP-POST ACS");
  const id = samlId();
  const values: Record<string, string> = {
    ID: id,
    AssertionID: options.assertionID ?? samlId(),
    Destination: acs,
    Audience: options.audience ?? sp.entityMeta.getEntityID(),
    EntityID: sp.entityMeta.getEntityID(),
    SubjectRecipient: options.recipient ?? acs,
    Issuer: idp.entityMeta.getEntityID(),
    IssueInstant: now.toISOString(),
    AssertionConsumerServiceURL: acs,
    StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
    ConditionsNotBefore: (options.notBefore ?? now).toISOString(),
    ConditionsNotOnOrAfter: notOnOrAfter,
    SubjectConfirmationDataNotOnOrAfter: notOnOrAfter,
    NameIDFormat: EMAIL_FORMAT,
    NameID: options.nameID,
    InResponseTo: options.inResponseTo,
    AuthnStatement: "",
    AttributeStatement: "",
  };
  const made = await idp.createLoginResponse(
    sp,
    { extract: { request: { id: options.inResponseTo } } },
    "post",
    { email: options.nameID },
    (template: string) => ({
      id,
      context: samlify.SamlLib.replaceTagsByValue(template, values),
    }),
  );
  return (made as { context: string }).context;
}

export function decodeResponse(base64: string): string {
  return Buffer.from(base64, "base64").toString("utf8");
}

export function encodeResponse(xml: string): string {
  return Buffer.from(xml, "utf8").toString("base64");
}

/** The IdP's answer page: an HTML form that posts the Response and RelayState to the ACS at once. */
export function samlPostPage(acs: string, samlResponse: string, relayState: string): string {
  const escape = (value: string): string => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<!doctype html><html><body><form method="post" action="${escape(acs)}"><input type="hidden" name="SAMLResponse" value="${escape(samlResponse)}"><input type="hidden" name="RelayState" value="${escape(relayState)}"><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`;
}
