import { useState, type FormEvent, type ReactElement } from "react";
import { useTranslation } from "../../../lib/i18n.js";

export interface SetPasswordFormProps {
  onSubmit: (newPassword: string, done: () => void) => void;
  busy: boolean;
}

/** A first password for a person who has none (its status is shown by the section). */
export function SetPasswordForm({ onSubmit, busy }: SetPasswordFormProps): ReactElement {
  const [newPassword, setNewPassword] = useState("");
  const { t } = useTranslation();

  function submit(event: FormEvent): void {
    event.preventDefault();
    onSubmit(newPassword, () => setNewPassword(""));
  }

  return (
    <form className="stack" onSubmit={submit}>
      <label htmlFor="password-first">{t("password.new")}</label>
      <input id="password-first" type="password" required autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t("password.set")}
        </button>
      </div>
    </form>
  );
}
