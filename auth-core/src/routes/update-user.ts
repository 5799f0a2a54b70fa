import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { updateUser as updateUserRow } from "../store/user-store.js";

/** Raster images only: an SVG can carry script when opened on its own. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const MAX_IMAGE_URL_LENGTH = 2048;
const MAX_DATA_IMAGE_LENGTH = 256 * 1024;

/**
 * A profile image is an https URL (http only on this machine, for development) or a
 * base64 data:image URI of a raster type; never javascript:, another scheme, or a relative URL,
 * since other consumers of the user object may put it in an href.
 */
export function isAcceptableImageURL(value: string): boolean {
  if (value.startsWith("data:")) return value.length <= MAX_DATA_IMAGE_LENGTH && DATA_IMAGE.test(value);
  if (value.length > MAX_IMAGE_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

const body = z.object({
  name: z.string().min(1).max(256).optional(),
  image: z.string().refine(isAcceptableImageURL, "Must be an https URL or a data:image URI").nullable().optional(),
  email: z.unknown().optional(),
});

/** Profile fields only; the email changes through /change-email. */
export const updateUser = defineEndpoint({
  name: "updateUser",
  method: "POST",
  path: "/update-user",
  body,
  session: "required",
  rateLimit: "default",
  audit: { none: "name and image are profile details, not account security; the log keeps no row for them" },
  async handler({ ctx, body, session }): Promise<{ status: boolean }> {
    if (body.email !== undefined) throw APIError.from(400, "EMAIL_CAN_NOT_BE_UPDATED");
    if (body.name === undefined && body.image === undefined) throw APIError.from(400, "NO_FIELDS_TO_UPDATE");
    const updated = await updateUserRow(ctx.db, session.user.id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.image !== undefined && { image: body.image }),
      updatedAt: ctx.clock.now().toISOString(),
    });
    if (!updated) throw APIError.from(500, "FAILED_TO_UPDATE_USER");
    return { status: true };
  },
});
