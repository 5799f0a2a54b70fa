import { useState, type FormEvent, type ReactElement } from "react";
import type { WireUser } from "@gatehouse/auth-core/shared";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useChangeEmail } from "../api/change-email.js";
import { useSendVerificationEmail } from "../api/send-verification-email.js";
import { useTranslation } from "../../../lib/i18n.js";

/** Email: verification state, send verification, change email (spec §4 change-email rules). */
export function EmailSection({ user }: { user: WireUser }): ReactElement {
  const [newEmail, setNewEmail] = useState("");
  const verify = useSendVerificationEmail();
  const change = useChangeEmail();
  const { t } = useTranslation();

  function onChange(event: FormEvent): void {
    event.preventDefault();
    change.mutate({ newEmail: newEmail.trim() });
  }

  return (
    <Section id="email" title={t("email.heading")}>
      <p>
        <strong>{user.email}</strong>{" "}
        <span className={user.emailVerified ? "badge ok" : "badge warn"}>{user.emailVerified ? t("email.verified") : t("email.notVerified")}</span>
      </p>
      {!user.emailVerified && (
        <div className="stack">
          <div className="actions">
            <button type="button" className="secondary" disabled={verify.isPending} onClick={() => verify.mutate({ email: user.email })}>
              {t("email.sendVerification")}
            </button>
          </div>
          <ActionStatus mutation={verify} pending={t("common.sending")} success={t("email.verificationSent", { email: user.email })} />
        </div>
      )}
      <form className="stack" onSubmit={onChange}>
        <label htmlFor="email-new">{t("email.new")}</label>
        <input id="email-new" name="newEmail" type="email" required autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        <div className="actions">
          <button type="submit" disabled={change.isPending}>
            {t("email.change")}
          </button>
        </div>
        <ActionStatus
          mutation={change}
          pending={t("email.changing")}
          success={user.emailVerified ? t("email.confirmChange", { email: user.email }) : t("email.changed")}
        />
      </form>
    </Section>
  );
}
