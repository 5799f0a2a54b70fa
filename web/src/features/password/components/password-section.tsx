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
  /** Whether the sign-in screen offers email and password (EMAIL_SIGN_IN): the section promises only what it offers. */
  passwordSignIn: boolean;
}

/**
 * Password: change it (optionally signing out elsewhere), or set one when there is none. A first
 * password is offered only when the sign-in screen has a password field to use it in.
 */
export function PasswordSection({ hasPassword, passwordSignIn }: PasswordSectionProps): ReactElement {
  // Held here: once set, the section switches to the change form and the status must stay.
  const set = useSetPassword();
  const description = hasPassword
    ? passwordSignIn
      ? "Change the password you use with your email address."
      : "Change your account's password. This service's sign-in screen offers Google and passkeys, not passwords."
    : passwordSignIn
      ? "You sign in without a password. You can add one to sign in with your email address too."
      : "You sign in with a linked account or a passkey. This service's sign-in screen does not use passwords, so there is none to set.";
  return (
    <Section id="password" title="Password" description={description}>
      {hasPassword ? (
        <ChangePasswordForm />
      ) : (
        passwordSignIn && <SetPasswordForm busy={set.isPending} onSubmit={(newPassword, done) => set.mutate({ newPassword }, { onSuccess: done })} />
      )}
      <ActionStatus mutation={set} pending="Saving…" success="Password set. You can now also sign in with your email address and this password." />
    </Section>
  );
}
