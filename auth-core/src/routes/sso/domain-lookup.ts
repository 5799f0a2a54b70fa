import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { domainOfEmail } from "../../sso/domains.js";
import { verifiedProviderOfDomain } from "../../sso/resolve-provider.js";
import { findOrganizationById } from "../../store/organization-store.js";

/**
 * Gatehouse's POST /sso/domain-lookup {domain | email}: whether the domain (or a parent of it)
 * is verified for an organization's identity provider, and that organization's name, so that
 * /login can offer "Continue with <organization>'s single sign-on". Answered from the domain
 * alone: an address with an account and one without get the same answer (a domain's single
 * sign-on is public, an account is not). Starts nothing: POST /sign-in/sso does.
 */
export const ssoDomainLookup = defineEndpoint({
  name: "ssoDomainLookup",
  method: "POST",
  path: "/sso/domain-lookup",
  // The login card sends the domain alone; an address is read for its domain, as /sign-in/sso does.
  body: z
    .object({ email: z.string().max(320).optional(), domain: z.string().max(253).optional() })
    .refine((input) => input.email !== undefined || input.domain !== undefined, "email or domain"),
  session: "none",
  // As /sign-in/sso: a company's people behind one address look up the same domain at once.
  rateLimit: { window: 10, max: 30 },
  audit: { none: "reads only whether a domain has single sign-on" },
  async handler({ ctx, body }): Promise<{ organizationName: string | null }> {
    const domain = body.domain ?? domainOfEmail(body.email ?? "");
    const row = domain ? await verifiedProviderOfDomain(ctx, domain) : undefined;
    const organization = row?.organizationId ? await findOrganizationById(ctx.db, row.organizationId) : undefined;
    return { organizationName: organization?.name ?? null };
  },
});
