import type { ReactElement } from "react";
import { useNavigate } from "react-router";
import { useSignInMethods } from "../../../lib/sign-in-methods.js";
import { EmailPasswordPanel } from "./email-password-panel.js";

/** /reset-password comes with the email panel's chunk: one more lazy chunk would cost /login's first load. */
export { ResetPasswordScreen } from "./reset-password-screen.js";

export interface EmailSignInSlotProps {
  busy: boolean;
  onSignedIn: () => void;
  /** The sanitised redirect of /login, when it named one: the two-factor page keeps it. */
  redirect: string | null;
}

/**
 * EMAIL_SIGN_IN: asks the server whether the screen offers email and password, and
 * only then shows the panel. Loaded after the screen's first paint, so the default screen's first
 * load carries neither the question nor the panel.
 */
export function EmailSignInSlot({ busy, onSignedIn, redirect }: EmailSignInSlotProps): ReactElement | null {
  const methods = useSignInMethods();
  const navigate = useNavigate();
  if (!methods.email) return null;
  // The two-factor page (built beside this one) finishes the sign-in and goes on to the redirect.
  const toSecondFactor = (): void => void navigate(`/two-factor${redirect ? `?${new URLSearchParams({ redirect })}` : ""}`);
  return (
    <>
      <div className="divider" role="separator">
        <span>or</span>
      </div>
      <EmailPasswordPanel busy={busy} onSignedIn={onSignedIn} onSecondFactor={toSecondFactor} />
    </>
  );
}
