import { changeEmail } from "./change-email.js";
import { changePassword } from "./change-password.js";
import { deleteUser } from "./delete-user.js";
import { deleteUserCallback } from "./delete-user-callback.js";
import { forgetPassword, requestPasswordReset } from "./request-password-reset.js";
import { resetPassword } from "./reset-password.js";
import { resetPasswordCallback } from "./reset-password-callback.js";
import { sendVerificationEmail } from "./send-verification-email.js";
import { setPassword } from "./set-password.js";
import { verifyEmail } from "./verify-email.js";

/** The email endpoints, one file each; this list is spread into the endpoint table. */
export const emailFlowEndpoints = [
  sendVerificationEmail,
  verifyEmail,
  requestPasswordReset,
  forgetPassword,
  resetPasswordCallback,
  resetPassword,
  changePassword,
  setPassword,
  changeEmail,
  deleteUser,
  deleteUserCallback,
] as const;
