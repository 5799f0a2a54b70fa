import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus } from "../../../components/ui.js";
import { useSetPassword } from "../api/set-password.js";

export function SetPasswordForm(): ReactElement {
  const [newPassword, setNewPassword] = useState("");
  const set = useSetPassword();

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    set.mutate({ newPassword }, { onSuccess: () => setNewPassword("") });
  }

  return (
    <form className="stack" onSubmit={onSubmit}>
      <label htmlFor="password-first">New password</label>
      <input id="password-first" type="password" required autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
      <div className="actions">
        <button type="submit" disabled={set.isPending}>Set password</button>
      </div>
      <ActionStatus mutation={set} pending="Saving…" success="Password set. You can now also sign in with your email address." />
    </form>
  );
}
