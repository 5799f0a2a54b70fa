import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, Section } from "../../../components/ui.js";
import { useDeleteUser } from "../api/delete-user.js";
import { useTranslation } from "../../../lib/i18n.js";

/**
 * Delete account, asked in the app's one confirmation (issue 48: it was a form of its own under
 * the button). With a password it is immediate; without one the server needs a fresh session, or
 * mails a confirmation link when that is configured (spec §5, §7).
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }): ReactElement {
  const remove = useDeleteUser();
  const { t } = useTranslation();

  return (
    <Section id="delete-account" title={t("deletion.heading")} description={t("deletion.description")}>
      <div className="actions">
        <ConfirmButton
          label={t("deletion.start")}
          disabled={remove.isPending}
          title={t("deletion.title")}
          confirmLabel={t("deletion.confirm")}
          onConfirm={(form) => remove.mutate({ password: hasPassword ? String(form.get("password") ?? "") : undefined })}
        >
          <p>{t("deletion.description")}</p>
          {hasPassword ? (
            <div className="field">
              <label htmlFor="delete-password">{t("deletion.password")}</label>
              <input id="delete-password" name="password" type="password" required autoComplete="current-password" />
            </div>
          ) : (
            <p className="muted">{t("deletion.mailed")}</p>
          )}
        </ConfirmButton>
      </div>
      <ActionStatus
        mutation={remove}
        pending={t("common.deleting")}
        success={remove.data?.message === "Verification email sent" ? t("deletion.checkEmail") : t("deletion.done")}
      />
    </Section>
  );
}
