import { z } from "zod";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId } from "../../deps/random.js";
import { toWireMember, toWireOrganization } from "../../organization/wire.js";
import { countMembershipsOfUser, insertMember } from "../../store/member-store.js";
import { findOrganizationBySlug, insertOrganization, setSessionActiveOrganization } from "../../store/organization-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import type { WireMember, WireOrganization } from "../../shared/wire-types.js";

const body = z.object({
  name: z.string().trim().min(1).max(256),
  slug: z.string().trim().min(1).max(128),
  logo: z.string().max(2048).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  keepCurrentActiveOrganization: z.boolean().optional(),
});

/** The creator becomes a member with the creator role (spec §6: owner by default). */
export const createOrganization = defineEndpoint({
  name: "createOrganization",
  method: "POST",
  path: "/organization/create",
  body,
  session: "required",
  rateLimit: "default",
  audit: ["organization-created"],
  async handler({ ctx, body, session, client, audit }): Promise<WireOrganization & { members: WireMember[] }> {
    const options = ctx.options.organization;
    if (!options.allowUserToCreateOrganization) throw APIError.from(403, "YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION");
    if ((await countMembershipsOfUser(ctx.db, session.user.id)) >= options.organizationLimit) {
      throw APIError.from(403, "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS");
    }
    if (await findOrganizationBySlug(ctx.db, body.slug)) throw APIError.from(400, "ORGANIZATION_ALREADY_EXISTS");

    const now = ctx.clock.now();
    let created;
    try {
      created = await audit.change(async (trx, log) => {
        const organization = await insertOrganization(trx, {
          id: generateId(ctx.random),
          name: body.name,
          slug: body.slug,
          logo: body.logo ?? null,
          metadata: body.metadata ? JSON.stringify(body.metadata) : null,
          createdAt: now.toISOString(),
        });
        const member = await insertMember(trx, {
          id: generateId(ctx.random),
          organizationId: organization.id,
          userId: session.user.id,
          role: options.creatorRole,
          createdAt: now.toISOString(),
        });
        await log.write({
          userId: session.user.id,
          type: "organization-created",
          organizationId: organization.id,
          detail: { name: organization.name },
        });
        return { organization, member };
      });
    } catch (error) {
      // Two creates raced past the slug lookup: the unique index lets exactly one through.
      if (isUniqueViolation(error)) throw APIError.from(400, "ORGANIZATION_ALREADY_EXISTS");
      throw error;
    }
    if (!body.keepCurrentActiveOrganization) {
      await setSessionActiveOrganization(ctx.db, session.session.id, created.organization.id, now);
    }
    return { ...toWireOrganization(created.organization), members: [toWireMember(created.member)] };
  },
});
