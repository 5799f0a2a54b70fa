import { z } from "zod";
import { defineEndpoint } from "../endpoint.js";
import { APIError } from "../errors.js";
import { updateUser as updateUserRow } from "../store/user-store.js";

const body = z.object({
  name: z.string().min(1).max(256).optional(),
  image: z.string().max(2048).nullable().optional(),
  email: z.unknown().optional(),
});

/** Profile fields only; the email changes through /change-email. */
export const updateUser = defineEndpoint({
  name: "updateUser",
  method: "POST",
  path: "/update-user",
  body,
  session: "required",
  async handler({ ctx, body, session }): Promise<{ status: boolean }> {
    if (body.email !== undefined) throw APIError.from(400, "EMAIL_CAN_NOT_BE_UPDATED");
    if (body.name === undefined && body.image === undefined) throw APIError.withMessage(400, "No fields to update");
    const updated = await updateUserRow(ctx.db, session.user.id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.image !== undefined && { image: body.image }),
      updatedAt: ctx.clock.now().toISOString(),
    });
    if (!updated) throw APIError.from(500, "FAILED_TO_UPDATE_USER");
    return { status: true };
  },
});
