import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useDeleteUser } from "../api/delete-user.js";
import { useTranslation } from "../../../lib/i18n.js";

/**
 * Delete account. With a password it is immediate; without one the server needs a fresh
 * session, or mails a confirmation link when that is configured (spec §5, §7).
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }): ReactElement {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const remove = useDeleteUser();
  const { t } = useTranslation();

  function onDelete(event: FormEvent): void {
    event.preventDefault();
    remove.mutate({ password: hasPassword ? password : undefined });
  }

  return (
    <Section id="delete-account" title={t("deletion.heading")} description={t("deletion.description")}>
      {!confirming ? (
        <div className="actions">
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            {t("deletion.start")}
          </button>
        </div>
      ) : (
        <form className="stack" onSubmit={onDelete}>
          {hasPassword ? (
            <>
              <label htmlFor="delete-password">{t("deletion.password")}</label>
              <input
                id="delete-password"
                type="password"
                required
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </>
          ) : (
            <p className="muted">{t("deletion.mailed")}</p>
          )}
          <div className="actions">
            <button type="submit" className="danger" disabled={remove.isPending}>
              {t("deletion.confirm")}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </button>
          </div>
          <ActionStatus
            mutation={remove}
            pending={t("common.deleting")}
            success={remove.data?.message === "Verification email sent" ? t("deletion.checkEmail") : t("deletion.done")}
          />
        </form>
      )}
    </Section>
  );
}
