import type { ReactElement } from "react";
import { ActionStatus } from "../../../components/ui.js";
import { passkeyErrorMessage } from "../../../lib/sign-in-errors.js";
import { useAddPasskey } from "../api/add-passkey.js";

/**
 * After joining through an emailed link: the new account has no way back in yet, so
 * it is asked to add a passkey on this device. "Not now" goes on; Settings offers it later.
 */
export function AddPasskeyPrompt({ onDone }: { onDone: () => void }): ReactElement {
  const add = useAddPasskey();
  return (
    <section className="card" aria-labelledby="passkey-prompt-heading">
      <h2 id="passkey-prompt-heading">Add a passkey so you can come back</h2>
      <p>
        You joined with a link from your mailbox. To sign in next time, save a passkey on this device: your fingerprint, face or device PIN is then all you
        need, with <strong>Sign in with passkey</strong>.
      </p>
      <div className="actions">
        {add.isSuccess ? (
          <button type="button" onClick={onDone}>
            Continue
          </button>
        ) : (
          <>
            <button type="button" disabled={add.isPending} onClick={() => add.mutate({ name: "This device" })}>
              Add passkey
            </button>
            <button type="button" className="secondary" disabled={add.isPending} onClick={onDone}>
              Not now
            </button>
          </>
        )}
      </div>
      <ActionStatus
        mutation={add}
        pending="Waiting for your device…"
        success="Passkey added. Next time, choose Sign in with passkey."
        errorMessage={(error) => passkeyErrorMessage(error, "registration")}
      />
    </section>
  );
}
