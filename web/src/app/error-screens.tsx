import type { ReactElement } from "react";
import { authRequiredText } from "../lib/auth-messages.js";
import { displayErrorMessage } from "../lib/error-messages.js";
// The error screens' words are the signed-in pages' (they come after a failure, never in /login's first
// load). Read without the hook: a screen may be shown outside the app's provider, by a boundary above it.
import { translate as t } from "../components/ui.js";

export interface AuthRequiredScreenProps {
  error: unknown;
  /** Spec §2: resets cached queries and retries. */
  onTryAgain: () => void;
  /** Spec §2: clears cached auth data and goes to /login. */
  onSignIn: () => void;
}

/** Spec §2: the Authentication Required screen. */
export function AuthRequiredScreen({ error, onTryAgain, onSignIn }: AuthRequiredScreenProps): ReactElement {
  return (
    <section className="error-screen" role="alert" aria-labelledby="auth-required-heading">
      <h1 id="auth-required-heading">{t("errors.authRequired")}</h1>
      <p>{authRequiredText(error)}</p>
      <div className="actions">
        <button type="button" className="secondary" onClick={onTryAgain}>
          {t("common.tryAgain")}
        </button>
        <button type="button" onClick={onSignIn}>
          {t("errors.signIn")}
        </button>
      </div>
    </section>
  );
}

export interface GenericErrorScreenProps {
  error: unknown;
  onTryAgain: () => void;
}

/** The error's message as a person reads it: never a transport text, a code or a field path. */
function messageOf(error: unknown): string {
  return displayErrorMessage(error);
}

/** Spec §2: the generic error screen. */
export function GenericErrorScreen({ error, onTryAgain }: GenericErrorScreenProps): ReactElement {
  return (
    <section className="error-screen" role="alert" aria-labelledby="generic-error-heading">
      <h1 id="generic-error-heading">{t("common.somethingWentWrong")}</h1>
      <p>{messageOf(error)}</p>
      <div className="actions">
        <button type="button" onClick={onTryAgain}>
          {t("common.tryAgain")}
        </button>
      </div>
    </section>
  );
}
