import { z } from "zod";
import type { AuthContext } from "../../context.js";
import { defineEndpoint } from "../../endpoint.js";
import { APIError } from "../../errors.js";
import { generateId, randomAlphanumeric } from "../../deps/random.js";
import { deliverMail, mailFailedError } from "../../email/deliver-mail.js";
import { consumeEmailToken, discardEmailToken, storeEmailToken } from "../../email/email-tokens.js";
import { authEndpointURL, redirectResponse, withQueryParams } from "../../email/links.js";
import { buildInvitationHasAccountMessage, buildInvitationSignUpMessage } from "../../email/messages.js";
import { mailSetting } from "../../email/mail-setting.js";
import { buildInvitationURL } from "../../organization/invitation-mail.js";
import { completeSignUp } from "../../sign-in/complete-sign-in.js";
import type { InvitationRow, UserRow } from "../../store/database.js";
import { findInvitationById } from "../../store/invitation-store.js";
import { findMemberWithUser } from "../../store/member-store.js";
import { findOrganizationById } from "../../store/organization-store.js";
import { isUniqueViolation } from "../../store/unique-violation.js";
import { findUserByEmail, insertUser } from "../../store/user-store.js";

/** The mailed link lives 30 minutes and works once. */
const LINK_LIFETIME_SECONDS = 30 * 60;
const TOKEN_LENGTH = 32;

/** What a signed-out visitor of the invitation link reads. */
export interface WireInvitationPreview {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
}

async function livePendingInvitation(ctx: AuthContext, id: string): Promise<InvitationRow | null> {
  const invitation = await findInvitationById(ctx.db, id);
  if (!invitation || invitation.status !== "pending" || invitation.expiresAt <= ctx.clock.now().toISOString()) return null;
  return invitation;
}

/**
 * GET /organization/invitation-preview?id=: the invitation link opened signed out. The id is the
 * secret of the mailed link (as on the accept page); unknown, used or expired: INVITATION_NOT_FOUND.
 */
export const getInvitationPreview = defineEndpoint({
  name: "getInvitationPreview",
  method: "GET",
  path: "/organization/invitation-preview",
  query: z.object({ id: z.string().min(1).max(256) }),
  session: "none",
  rateLimit: "default",
  audit: { none: "reads only" },
  async handler({ ctx, query }): Promise<WireInvitationPreview> {
    const invitation = await livePendingInvitation(ctx, query.id);
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    const organization = await findOrganizationById(ctx.db, invitation.organizationId);
    const inviter = await findMemberWithUser(ctx.db, invitation.organizationId, invitation.inviterId);
    if (!organization || !inviter) throw APIError.from(400, "INVITATION_NOT_FOUND");
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      organizationName: organization.name,
      inviterName: inviter.user.name,
      inviterEmail: inviter.user.email,
    };
  },
});

/**
 * POST /organization/invitation-sign-up {invitationId}: mails a one-time link to the invited
 * address that creates its account. Only the invited address receives it, so following it proves
 * the mailbox; an address that already has an account is told to sign in instead. The answer is
 * the same either way.
 */
export const requestInvitationSignUp = defineEndpoint({
  name: "requestInvitationSignUp",
  method: "POST",
  path: "/organization/invitation-sign-up",
  body: z.object({ invitationId: z.string().min(1).max(256) }),
  session: "none",
  // Each request sends a mail.
  rateLimit: { window: 60, max: 3 },
  audit: ["invitation-sign-up-requested"],
  async handler({ ctx, body, audit, headers }): Promise<{ status: boolean }> {
    const invitation = await livePendingInvitation(ctx, body.invitationId);
    if (!invitation) throw APIError.from(400, "INVITATION_NOT_FOUND");
    const organization = await findOrganizationById(ctx.db, invitation.organizationId);
    if (!organization) throw APIError.from(400, "INVITATION_NOT_FOUND");
    const invitationURL = buildInvitationURL(ctx.options.organization.invitationURL, invitation.id, ctx.options.baseURL);
    await audit.record({ userId: null, type: "invitation-sign-up-requested", organizationId: invitation.organizationId });
    if (await findUserByEmail(ctx.db, invitation.email)) {
      const notice = await buildInvitationHasAccountMessage(
        { to: invitation.email, organizationName: organization.name, url: invitationURL },
        mailSetting(ctx, headers),
      );
      const sent = await deliverMail(ctx, notice, {
        flow: "invitation-sign-up",
        userId: null,
      });
      if (!sent) throw mailFailedError();
      return { status: true };
    }
    const token = randomAlphanumeric(ctx.random, TOKEN_LENGTH);
    await storeEmailToken(ctx, { kind: "invitation-sign-up", token, userId: invitation.id, expiresIn: LINK_LIFETIME_SECONDS });
    const url = authEndpointURL(ctx, "/organization/invitation-sign-up/callback", { token });
    const message = await buildInvitationSignUpMessage(
      { to: invitation.email, name: "", url, expiresIn: LINK_LIFETIME_SECONDS, organizationName: organization.name },
      mailSetting(ctx, headers),
    );
    if (!(await deliverMail(ctx, message, { flow: "invitation-sign-up", userId: null }))) {
      await discardEmailToken(ctx, "invitation-sign-up", token);
      throw mailFailedError();
    }
    return { status: true };
  },
});

/** "ada.lovelace@example.com" → "ada.lovelace": a first name the person changes in Settings. */
function nameFromEmail(email: string): string {
  return email.split("@")[0] || email;
}

/**
 * GET /organization/invitation-sign-up/callback?token=: uses the link once. While its invitation
 * is still pending and its address has no account, creates the account with a verified address,
 * signs it in and goes to the accept page; otherwise to /login with error=invalid_token.
 */
export const invitationSignUpCallback = defineEndpoint({
  name: "invitationSignUpCallback",
  method: "GET",
  path: "/organization/invitation-sign-up/callback",
  query: z.object({ token: z.string().max(256) }),
  session: "none",
  // A credential: guesses are slowed like sign-ins.
  rateLimit: { window: 10, max: 3 },
  audit: ["sign-up", "anonymous-linked"],
  async handler({ ctx, query, headers, client, response, audit }): Promise<Response> {
    const refused = (): Response => redirectResponse(withQueryParams("/login", { error: "invalid_token" }, ctx.options.baseURL));
    const now = ctx.clock.now();
    let created: { user: UserRow; invitation: InvitationRow } | null;
    try {
      created = await audit.change(async (trx, log) => {
        const nothing = (): null => {
          log.unchanged();
          return null;
        };
        const used = await consumeEmailToken(trx, { kind: "invitation-sign-up", token: query.token, now });
        if (!used) return nothing();
        const invitation = await findInvitationById(trx, used.value);
        if (!invitation || invitation.status !== "pending" || invitation.expiresAt <= now.toISOString()) return nothing();
        if (await findUserByEmail(trx, invitation.email)) return nothing();
        const user = await insertUser(trx, {
          id: generateId(ctx.random),
          name: nameFromEmail(invitation.email),
          email: invitation.email,
          // The link reached this mailbox: the address is proven.
          emailVerified: 1,
          image: null,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        });
        await log.write({ userId: user.id, type: "sign-up", method: "email-link" });
        return { user, invitation };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return refused();
      throw error;
    }
    if (!created) return refused();
    await completeSignUp({ ctx, response, headers, client, audit }, { user: created.user, rememberMe: true, method: "email-link" });
    const acceptURL = buildInvitationURL(ctx.options.organization.invitationURL, created.invitation.id, ctx.options.baseURL);
    return redirectResponse(withQueryParams(acceptURL, { notice: "invited-account" }, ctx.options.baseURL));
  },
});
