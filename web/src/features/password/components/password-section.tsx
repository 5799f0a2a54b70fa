import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useChangePassword } from "../api/change-password.js";
import { useSetPassword } from "../api/set-password.js";
import { SetPasswordForm } from "./set-password-form.js";
import { useTranslation } from "../../../lib/i18n.js";

function ChangePasswordForm(): ReactElement {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [revokeOtherSessions, setRevoke] = useState(true);
  const change = useChangePassword();
  const { t } = useTranslation();

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
      <label htmlFor="password-current">{t("password.current")}</label>
      <input
        id="password-current"
        type="password"
        required
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <label htmlFor="password-new">{t("password.new")}</label>
      <input id="password-new" type="password" required autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} />
      <label className="check">
        <input type="checkbox" checked={revokeOtherSessions} onChange={(e) => setRevoke(e.target.checked)} /> {t("password.signOutOthers")}
      </label>
      <div className="actions">
        <button type="submit" disabled={change.isPending}>
          {t("password.change")}
        </button>
      </div>
      <ActionStatus mutation={change} pending={t("password.changing")} success={t("password.changed")} />
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
  const { t } = useTranslation();
  const description = hasPassword
    ? passwordSignIn
      ? t("password.description.change")
      : t("password.description.changeNoSignIn")
    : passwordSignIn
      ? t("password.description.add")
      : t("password.description.none");
  return (
    <Section id="password" title={t("password.heading")} description={description}>
      {hasPassword ? (
        <ChangePasswordForm />
      ) : (
        passwordSignIn && <SetPasswordForm busy={set.isPending} onSubmit={(newPassword, done) => set.mutate({ newPassword }, { onSuccess: done })} />
      )}
      <ActionStatus mutation={set} pending={t("common.saving")} success={t("password.set.done")} />
    </Section>
  );
}
