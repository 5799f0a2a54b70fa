import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useAppApprovals, useDisconnectApp, usePublicApp, type AppApproval } from "../api/consent.js";
import { scopeInWords } from "../scope-words.js";
import { useBrand } from "../../../lib/shell-config.js";
import { useTranslation } from "../../../lib/i18n.js";

function ConnectedApp({ approval, busy, onDisconnect }: { approval: AppApproval; busy: boolean; onDisconnect: () => void }): ReactElement {
  const app = usePublicApp(approval.clientId);
  const { t } = useTranslation();
  const name = app.data?.client_name ?? t("apps.anApp");
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{name}</strong>
          <div className="muted small">{t("apps.approved", { date: formatDateTime(approval.updatedAt) })}</div>
          <ul className="small">
            {approval.scopes.map((scope) => (
              <li key={scope}>{scopeInWords(scope)}</li>
            ))}
          </ul>
        </div>
        <ConfirmButton
          label={t("apps.disconnect")}
          className="secondary"
          ariaLabel={t("apps.disconnectNamed", { name })}
          disabled={busy}
          title={t("apps.disconnect.title", { name })}
          confirmLabel={t("apps.disconnect")}
          onConfirm={onDisconnect}
        >
          <p>{t("apps.disconnect.body", { name })}</p>
        </ConfirmButton>
      </div>
    </li>
  );
}

/** Settings → Connected apps: the apps the person let sign them in through Gatehouse, and what each may do. */
export function ConnectedAppsSection(): ReactElement | null {
  const approvals = useAppApprovals();
  const disconnect = useDisconnectApp();
  const { t } = useTranslation();
  const brand = useBrand();
  // A server that is no OpenID provider (OIDC_PROVIDER=off) has no such apps.
  if (approvals.data === null) return null;
  return (
    <Section id="connected-apps" title={t("apps.heading")} description={t("apps.description", { app: brand.name })}>
      {approvals.isPending ? (
        <p role="status">{t("apps.loading")}</p>
      ) : approvals.data!.length === 0 ? (
        <p className="muted">{t("apps.empty")}</p>
      ) : (
        <ul className="list" aria-label={t("apps.heading")}>
          {approvals.data!.map((approval) => (
            <ConnectedApp key={approval.id} approval={approval} busy={disconnect.isPending} onDisconnect={() => disconnect.mutate(approval.id)} />
          ))}
        </ul>
      )}
      <ActionStatus mutation={disconnect} pending={t("apps.disconnecting")} success={t("apps.disconnected")} />
    </Section>
  );
}
