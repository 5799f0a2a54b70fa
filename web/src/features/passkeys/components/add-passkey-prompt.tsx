import { useTranslation } from "../../../lib/i18n.js";
import type { ReactElement } from "react";
import { ActionStatus, richText } from "../../../components/ui.js";
import { passkeyErrorMessage } from "../../../lib/sign-in-errors.js";
import { useAddPasskey } from "../api/add-passkey.js";

/**
 * After joining through an emailed link: the new account has no way back in yet, so
 * it is asked to add a passkey on this device. "Not now" goes on; Settings offers it later.
 */
export function AddPasskeyPrompt({ onDone }: { onDone: () => void }): ReactElement {
  const add = useAddPasskey();
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="passkey-prompt-heading">
      <h2 id="passkey-prompt-heading">{t("passkeyPrompt.heading")}</h2>
      <p>
        {richText(t("passkeyPrompt.body"), (words) => (
          <strong>{words}</strong>
        ))}
      </p>
      <div className="actions">
        {add.isSuccess ? (
          <button type="button" onClick={onDone}>
            {t("login.continue")}
          </button>
        ) : (
          <>
            <button type="button" disabled={add.isPending} onClick={() => add.mutate({ name: t("passkeyPrompt.deviceName") })}>
              {t("passkeys.add")}
            </button>
            <button type="button" className="secondary" disabled={add.isPending} onClick={onDone}>
              {t("passkeyPrompt.notNow")}
            </button>
          </>
        )}
      </div>
      <ActionStatus
        mutation={add}
        pending={t("passkeyPrompt.waiting")}
        success={t("passkeyPrompt.added")}
        errorMessage={(error) => passkeyErrorMessage(error, "registration", (key) => t(`auth.${key}`))}
      />
    </section>
  );
}
