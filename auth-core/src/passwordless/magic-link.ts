import { z } from "zod";
import type { AuthContext } from "../context.js";
import { hashToken } from "../crypto/token-hash.js";
import { generateId, randomString } from "../deps/random.js";
import { deliverMail, mailFailedError } from "../email/deliver-mail.js";
import { authEndpointURL } from "../email/links.js";
import type { Language } from "../i18n/catalogue.js";
import { buildMagicLinkMessage } from "./mails.js";
import type { DB } from "../store/database.js";
import { consumeVerification, deleteVerificationsByIdentifier, insertVerification } from "../store/verification-store.js";
import { MAGIC_LINK_TOKEN_LENGTH } from "./options.js";

/** better-auth's magic-link token alphabet: letters only. */
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** What a link's row holds: the address it was mailed to and the name a new account gets. */
const linkRecord = z.object({ email: z.string(), name: z.string() }).strict();

export interface MagicLinkRequest {
  email: string;
  name: string;
  callbackURL?: string | undefined;
  newUserCallbackURL?: string | undefined;
  errorCallbackURL?: string | undefined;
  /** The language of the request that asked for the link: the mail's. */
  language: Language;
}

/**
 * Stores a new link's token (its SHA-256, in the magic-link flow) and mails the link. A link the
 * transport refused is withdrawn (no live token without its mail) and the caller answers 503.
 */
export async function mailMagicLink(ctx: AuthContext, request: MagicLinkRequest): Promise<void> {
  const { expiresIn } = ctx.options.passwordless.magicLink;
  const token = randomString(ctx.random, LETTERS, MAGIC_LINK_TOKEN_LENGTH);
  const now = ctx.clock.now();
  await insertVerification(ctx.db, {
    id: generateId(ctx.random),
    flow: "magic-link",
    key: hashToken(token),
    value: JSON.stringify({ email: request.email, name: request.name }),
    expiresAt: new Date(now.getTime() + expiresIn * 1000),
    now,
  });
  const params: Record<string, string> = { token, callbackURL: request.callbackURL || "/" };
  if (request.newUserCallbackURL) params["newUserCallbackURL"] = request.newUserCallbackURL;
  if (request.errorCallbackURL) params["errorCallbackURL"] = request.errorCallbackURL;
  const url = authEndpointURL(ctx, "/magic-link/verify", params);
  const message = await buildMagicLinkMessage({ to: request.email, url, expiresIn }, { brand: ctx.options.email.brand, language: request.language });
  const sent = await deliverMail(ctx, message, {
    flow: "magic-link",
    userId: null,
  });
  if (!sent) {
    await deleteVerificationsByIdentifier(ctx.db, "magic-link", hashToken(token));
    throw mailFailedError();
  }
}

/**
 * Uses a link's token: one `delete … returning` in the magic-link flow, so a link works once and
 * a token of any other flow (an OAuth state, a reset token) is no link. Null when unknown, used
 * or expired.
 */
export async function takeMagicLink(db: DB, token: string, now: Date): Promise<{ email: string; name: string } | null> {
  const row = await consumeVerification(db, "magic-link", hashToken(token), now);
  if (!row) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.value);
  } catch {
    return null;
  }
  const record = linkRecord.safeParse(parsed);
  return record.success ? record.data : null;
}
