import type { ReactElement } from "react";
import { ActionStatus, formatDateTime, richText, Section } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { useGenerateScimToken, useRevokeScimToken, useScimTokens } from "../api/sso.js";

/**
 * Provisioning (owners and admins): SCIM tokens for the organization's directory (each shown
 * once), their last sync, revocation, and the base URL to give the directory (docs/enterprise-sso.md).
 */
export function ProvisioningSection({ organizationId }: { organizationId: string }): ReactElement {
  const tokens = useScimTokens(organizationId);
  const generate = useGenerateScimToken(organizationId);
  const revoke = useRevokeScimToken(organizationId);
  const base = `${window.location.origin}/api/auth/scim/v2`;
  const { t } = useTranslation();
  return (
    <Section id="provisioning" title={t("scim.heading")}>
      <p className="muted">
        {richText(t("scim.description", { base }), (text) => (
          <code>{text}</code>
        ))}
      </p>
      {tokens.data && tokens.data.length > 0 && (
        <ul className="list" aria-label={t("scim.list")}>
          {tokens.data.map((token) => (
            <li key={token.id} className="item row" aria-label={t("scim.token", { date: formatDateTime(token.createdAt) })}>
              <span className="grow">
                {t("scim.made", { date: formatDateTime(token.createdAt) })} ·{" "}
                <span data-testid="last-sync">{token.lastUsedAt ? t("scim.lastSync", { date: formatDateTime(token.lastUsedAt) }) : t("scim.neverUsed")}</span>
              </span>
              <ConfirmButton
                label={t("scim.revoke")}
                ariaLabel={t("scim.revoke.aria", { date: formatDateTime(token.createdAt) })}
                disabled={revoke.isPending}
                title={t("scim.revoke.title")}
                confirmLabel={t("scim.revoke.confirm")}
                onConfirm={() => revoke.mutate(token.id)}
              >
                <p>{t("scim.revoke.body")}</p>
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" onClick={() => generate.mutate()} disabled={generate.isPending}>
          {t("scim.make")}
        </button>
      </div>
      <ActionStatus mutation={generate} pending={t("scim.making")} success={t("scim.madeDone")} errorMessage={actionErrorMessage} />
      <ActionStatus mutation={revoke} pending={t("scim.revoking")} success={t("scim.revoked")} errorMessage={actionErrorMessage} />
      {generate.data && (
        <div className="notice success stack" role="status" aria-label={t("scim.new")}>
          <p>
            {richText(t("scim.new.copy"), (text) => (
              <strong>{text}</strong>
            ))}
          </p>
          <input readOnly aria-label={t("scim.tokenField")} className="mono" value={generate.data.scimToken} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </Section>
  );
}
