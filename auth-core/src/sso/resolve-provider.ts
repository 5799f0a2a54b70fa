import type { AuthContext } from "../context.js";
import { APIError } from "../errors.js";
import type { SsoProviderRow } from "../store/database.js";
import { findOrganizationBySlug } from "../store/organization-store.js";
import { findSsoProviderByProviderId, findVerifiedSsoProvidersByDomain, listSsoProvidersOfOrganizations } from "../store/sso-store.js";
import { domainOfEmail, normalizeDomain } from "./domains.js";

export interface ProviderSelector {
  email?: string;
  domain?: string;
  organizationSlug?: string;
  providerId?: string;
}

/** The verified provider of a domain or, failing that, of its nearest parent domain. */
export async function verifiedProviderOfDomain(ctx: AuthContext, domain: string): Promise<SsoProviderRow | undefined> {
  const labels = normalizeDomain(domain).split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    const [first] = await findVerifiedSsoProvidersByDomain(ctx.db, labels.slice(i).join("."));
    if (first) return first;
  }
  return undefined;
}

/**
 * The provider a sign-in goes through, by id, organization slug, domain or the email's domain.
 * 404 PROVIDER_NOT_FOUND when none matches; a provider whose domain is not verified routes no
 * sign-in (403 SSO_DOMAIN_NOT_VERIFIED), and domains find only verified ones.
 */
export async function resolveSignInProvider(ctx: AuthContext, selector: ProviderSelector): Promise<SsoProviderRow> {
  let row: SsoProviderRow | undefined;
  if (selector.providerId) {
    row = await findSsoProviderByProviderId(ctx.db, selector.providerId);
  } else if (selector.organizationSlug) {
    const organization = await findOrganizationBySlug(ctx.db, selector.organizationSlug);
    const rows = organization ? await listSsoProvidersOfOrganizations(ctx.db, [organization.id]) : [];
    row = rows.find((r) => r.domainVerified === 1) ?? rows[0];
  } else {
    const domain = selector.domain ?? (selector.email ? domainOfEmail(selector.email) : null);
    if (domain) row = await verifiedProviderOfDomain(ctx, domain);
  }
  if (!row) throw APIError.from(404, "PROVIDER_NOT_FOUND");
  if (row.domainVerified !== 1) throw APIError.from(403, "SSO_DOMAIN_NOT_VERIFIED");
  return row;
}
