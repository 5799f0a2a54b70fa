import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useChangePassword } from "../api/change-password.js";
import { useSetPassword } from "../api/set-password.js";
import { SetPasswordForm } from "./set-password-form.js";

function ChangePasswordForm(): ReactElement {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [revokeOtherSessions, setRevoke] = useState(true);
  const change = useChangePassword();

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          setCurrent("");
          setNew("");
        },
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit}>
      <label htmlFor="password-current">Current password</label>
      <input
        id="password-current"
        type="password"
        required
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <label htmlFor="password-new">New password</label>
      <input id="password-new" type="password" required autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
      <label className="check">
        <input type="checkbox" checked={revokeOtherSessions} onChange={(e) => setRevoke(e.target.checked)} /> Sign out my other sessions
      </label>
      <div className="actions">
        <button type="submit" disabled={change.isPending}>
          Change password
        </button>
      </div>
      <ActionStatus mutation={change} pending="Changing…" success="Password changed." />
    </form>
  );
}

export interface PasswordSectionProps {
  hasPassword: boolean;
}

/** Password: change it (optionally signing out elsewhere), or set one when there is none. */
export function PasswordSection({ hasPassword }: PasswordSectionProps): ReactElement {
  // Held here: once set, the section switches to the change form and the status must stay.
  const set = useSetPassword();
  return (
    <Section
      id="password"
      title="Password"
      description={
        hasPassword
          ? "Change the password you use with your email address."
          : "You sign in without a password. You can add one to sign in with your email address too."
      }
    >
      {hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <SetPasswordForm busy={set.isPending} onSubmit={(newPassword, done) => set.mutate({ newPassword }, { onSuccess: done })} />
      )}
      <ActionStatus mutation={set} pending="Saving…" success="Password set. You can now also sign in with your email address." />
    </Section>
  );
}
