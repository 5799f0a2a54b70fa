import type { CacheProvider, Profile, SAML, SamlConfig } from "@node-saml/node-saml";
import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomAlphanumeric, randomBytes } from "../deps/random.js";
import type { ResponseDraft } from "../endpoint.js";
import type { SsoProviderRow } from "../store/database.js";
import { consumeVerification, insertVerification } from "../store/verification-store.js";
import { readSamlConfig, samlAcsURL, type StoredSamlConfig } from "./provider-config.js";

/** How long a SAML sign-in may stay at the IdP, as for OpenID flows. */
const FLOW_LIFETIME_MS = 10 * 60 * 1000;
/** Clock skew accepted between us and the IdP on NotBefore and NotOnOrAfter. */
const CLOCK_SKEW_MS = 60 * 1000;
/** An assertion is kept as used until its NotOnOrAfter, or this long when it names none. */
const DEFAULT_ASSERTION_LIFETIME_MS = 60 * 60 * 1000;

export interface SamlFlow {
  callbackURL: string;
  errorURL?: string;
  newUserURL?: string;
}

interface StoredSamlFlow extends SamlFlow {
  requestId: string;
  issuedAt: string;
}

/** A sign-in's key in the verification table's "saml-flow" flow: the provider row and the RelayState's hash. */
function flowKey(row: SsoProviderRow, relayState: string): string {
  return `${row.id}:${hashToken(relayState)}`;
}

/** node-saml's request cache, answering for the one AuthnRequest this flow issued and nothing else. */
function oneRequestCache(ctx: AuthContext, flow: StoredSamlFlow | null): CacheProvider {
  return {
    saveAsync: async (_key, value) => ({ value, createdAt: ctx.clock.now().getTime() }),
    getAsync: async (key) => (flow && key === flow.requestId ? flow.issuedAt : null),
    removeAsync: async () => null,
  };
}

type NodeSaml = typeof import("@node-saml/node-saml");
let loadingNodeSaml: Promise<NodeSaml> | null = null;

/**
 * node-saml, loaded on the first SAML request rather than at start: with its XML stack (xml-crypto,
 * xmldom, xpath, xml2js, xml-encryption) it is over a megabyte of code that a process without a
 * SAML provider never runs, and the server's bundle leaves it out (scripts/bundle-server.mjs).
 */
function loadNodeSaml(): Promise<NodeSaml> {
  loadingNodeSaml ??= import("@node-saml/node-saml");
  return loadingNodeSaml;
}

/**
 * node-saml for one provider (it reads the time of day itself for NotBefore, NotOnOrAfter and the
 * request's age, so an IdP and this server must agree on the wall clock): our SP entity ID (the registered `issuer`) as issuer and audience,
 * the ACS URL, the IdP's certificate; assertions must be signed (unless the provider said
 * otherwise), and a Response must answer an AuthnRequest of ours.
 */
async function samlFor(ctx: AuthContext, row: SsoProviderRow, config: StoredSamlConfig, options: Partial<SamlConfig>): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await loadNodeSaml();
  return new SAML({
    entryPoint: config.entryPoint,
    issuer: row.issuer,
    audience: row.issuer,
    callbackUrl: samlAcsURL(ctx, row.providerId),
    idpCert: config.cert,
    wantAssertionsSigned: config.wantAssertionsSigned,
    wantAuthnResponseSigned: false,
    identifierFormat: config.identifierFormat,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    requestIdExpirationPeriodMs: FLOW_LIFETIME_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    ...options,
  });
}

/**
 * The IdP's SSO URL with an HTTP-Redirect AuthnRequest and a RelayState. The flow (where to go
 * after, the request's ID) is stored under the RelayState's hash, for this provider row only.
 */
export async function startSamlSignIn(ctx: AuthContext, _draft: ResponseDraft, row: SsoProviderRow, flow: SamlFlow): Promise<string> {
  const config = readSamlConfig(row)!;
  const relayState = randomAlphanumeric(ctx.random, 32);
  const requestId = `_${Buffer.from(randomBytes(ctx.random, 20)).toString("hex")}`;
  const now = ctx.clock.now();
  const stored: StoredSamlFlow = { ...flow, requestId, issuedAt: now.toISOString() };
  await insertVerification(ctx.db, {
    id: generateId(ctx.random),
    flow: "saml-flow",
    key: flowKey(row, relayState),
    value: JSON.stringify(stored),
    expiresAt: new Date(now.getTime() + FLOW_LIFETIME_MS),
    now,
  });
  const saml = await samlFor(ctx, row, config, { generateUniqueId: () => requestId, cacheProvider: oneRequestCache(ctx, null) });
  return saml.getAuthorizeUrlAsync(relayState, undefined, {});
}

/** The sign-in a RelayState started, taken once; null when there is none (unknown, used, expired). */
export async function takeSamlFlow(ctx: AuthContext, row: SsoProviderRow, relayState: string): Promise<StoredSamlFlow | null> {
  const taken = await consumeVerification(ctx.db, "saml-flow", flowKey(row, relayState), ctx.clock.now());
  if (!taken) return null;
  try {
    return JSON.parse(taken.value) as StoredSamlFlow;
  } catch {
    return null;
  }
}

export type SamlAssertionResult =
  | { ok: true; assertionId: string; expiresAt: Date; nameID: string; email: string | null; name: string | null }
  | { ok: false; reason: string };

type XmlNode = { $?: Record<string, string>; _?: string } & Record<string, unknown>;

function first(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== "object") return undefined;
  const record = node as Record<string, unknown>;
  const key = Object.keys(record).find((k) => k === name || k.endsWith(`:${name}`));
  const value = key ? record[key] : undefined;
  return (Array.isArray(value) ? value[0] : value) as XmlNode | undefined;
}

function attributeOf(profile: Profile, names: readonly string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    if (typeof value === "string" && value.length > 0) return value;
    if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Validates a posted SAMLResponse with node-saml (the signature by the registered certificate,
 * signature wrapping, InResponseTo = the flow's AuthnRequest, audience, time window), then what
 * node-saml leaves to us: the SubjectConfirmation's Recipient and the Response's Destination
 * must be our ACS URL, and the IdP's entity ID the registered one.
 */
export async function validateSamlResponse(
  ctx: AuthContext,
  row: SsoProviderRow,
  flow: StoredSamlFlow | null,
  samlResponse: string,
): Promise<SamlAssertionResult> {
  const config = readSamlConfig(row)!;
  const acs = samlAcsURL(ctx, row.providerId);
  const { ValidateInResponseTo } = await loadNodeSaml();
  const saml = await samlFor(ctx, row, config, {
    cacheProvider: oneRequestCache(ctx, flow),
    validateInResponseTo: flow ? ValidateInResponseTo.always : ValidateInResponseTo.never,
  });
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : "invalid response" };
  }
  if (!profile?.nameID) return { ok: false, reason: "no NameID" };
  const assertion = first(profile.getAssertion?.(), "Assertion");
  const assertionId = assertion?.$?.ID;
  if (!assertion || !assertionId) return { ok: false, reason: "no assertion ID" };
  const issuer = first(assertion, "Issuer");
  if (config.idpEntityID && (issuer?._ ?? (typeof issuer === "string" ? issuer : null)) !== config.idpEntityID) return { ok: false, reason: "issuer" };
  const confirmation = first(first(first(assertion, "Subject"), "SubjectConfirmation"), "SubjectConfirmationData");
  if (confirmation?.$?.Recipient !== acs) return { ok: false, reason: "recipient" };
  const destination = /<(?:\w+:)?Response\b[^>]*\sDestination="([^"]*)"/.exec(profile.getSamlResponseXml?.() ?? "")?.[1];
  if (destination !== undefined && destination !== acs) return { ok: false, reason: "destination" };
  if (flow && confirmation?.$?.InResponseTo !== undefined && confirmation.$.InResponseTo !== flow.requestId) return { ok: false, reason: "in response to" };
  const conditions = first(assertion, "Conditions");
  const notOnOrAfter = conditions?.$?.NotOnOrAfter ?? confirmation?.$?.NotOnOrAfter;
  const expiresAt = notOnOrAfter ? new Date(Date.parse(notOnOrAfter) + CLOCK_SKEW_MS) : new Date(ctx.clock.now().getTime() + DEFAULT_ASSERTION_LIFETIME_MS);
  const mapping = config.mapping ?? {};
  const email =
    attributeOf(profile, [
      mapping.email ?? "email",
      "email",
      "mail",
      "urn:oid:0.9.2342.19200300.100.1.3",
      "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
    ]) ?? (EMAIL.test(profile.nameID) ? profile.nameID : null);
  const name = attributeOf(profile, [mapping.name ?? "displayName", "displayName", "name", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name"]);
  return { ok: true, assertionId, expiresAt, nameID: profile.nameID, email: email?.toLowerCase() ?? null, name };
}

/** The SP metadata of a provider: our entity ID, the HTTP-POST ACS, and whether assertions must be signed. */
export async function samlServiceProviderMetadata(ctx: AuthContext, row: SsoProviderRow): Promise<string> {
  const config = readSamlConfig(row)!;
  return (await samlFor(ctx, row, config, {})).generateServiceProviderMetadata(null, null);
}
