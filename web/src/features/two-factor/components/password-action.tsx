import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { useTranslation } from "../../../lib/i18n.js";

export interface PasswordActionProps {
  id: string;
  label: string;
  busy: boolean;
  danger?: boolean;
  /** Asked first, in the app's one confirmation (issue 48: turning two-factor off was not). */
  confirm?: { title: string; body: string };
  /** false for a person without a password: the server takes a recent sign-in instead, so no field is shown. */
  withPassword?: boolean;
  /** The password typed, or undefined when the action goes without one (withPassword false). */
  onSubmit: (password: string | undefined, done: () => void) => void;
}

/** One action behind the account's password, or a recent sign-in for a person without one (enable, regenerate, disable). */
export function PasswordAction({ id, label, busy, danger, confirm, withPassword = true, onSubmit }: PasswordActionProps): ReactElement {
  const [password, setPassword] = useState("");
  const [asking, setAsking] = useState(false);
  const { t } = useTranslation();
  const run = (): void => onSubmit(withPassword ? password : undefined, () => setPassword(""));
  function submit(event: FormEvent): void {
    event.preventDefault();
    if (confirm) setAsking(true);
    else run();
  }
  return (
    <>
      <form className="stack" onSubmit={submit}>
        {withPassword && (
          <>
            <label htmlFor={id}>{t("password.heading")}</label>
            <input id={id} type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </>
        )}
        <div className="actions">
          <button type="submit" className={danger ? "danger" : undefined} disabled={busy}>
            {label}
          </button>
        </div>
      </form>
      {/* Beside the form, not in it: the dialog's own form must not submit this one. */}
      {confirm && (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          confirmLabel={label}
          destructive={danger ?? true}
          onConfirm={() => {
            setAsking(false);
            run();
          }}
          onCancel={() => setAsking(false)}
        >
          {confirm.body}
        </ConfirmDialog>
      )}
    </>
  );
}
