import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useAppApprovals, useDisconnectApp, usePublicApp, type AppApproval } from "../api/consent.js";
import { scopeInWords } from "../scope-words.js";

function ConnectedApp({ approval, busy, onDisconnect }: { approval: AppApproval; busy: boolean; onDisconnect: () => void }): ReactElement {
  const app = usePublicApp(approval.clientId);
  const name = app.data?.client_name ?? "An app";
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{name}</strong>
          <div className="muted small">Approved {formatDateTime(approval.updatedAt)}. It may:</div>
          <ul className="small">
            {approval.scopes.map((scope) => (
              <li key={scope}>{scopeInWords(scope)}</li>
            ))}
          </ul>
        </div>
        <ConfirmButton
          label="Disconnect"
          className="secondary"
          ariaLabel={`Disconnect ${name}`}
          disabled={busy}
          title={`Disconnect ${name}?`}
          confirmLabel="Disconnect"
          onConfirm={onDisconnect}
        >
          <p>{name} loses its access at once: the tokens it holds stop working, and it has to ask you again.</p>
        </ConfirmButton>
      </div>
    </li>
  );
}

/** Settings → Connected apps: the apps the person let sign them in through Gatehouse, and what each may do. */
export function ConnectedAppsSection(): ReactElement | null {
  const approvals = useAppApprovals();
  const disconnect = useDisconnectApp();
  // A server that is no OpenID provider (OIDC_PROVIDER=off) has no such apps.
  if (approvals.data === null) return null;
  return (
    <Section id="connected-apps" title="Connected apps" description="Other apps you signed in to with your Gatehouse account.">
      {approvals.isPending ? (
        <p role="status">Loading connected apps…</p>
      ) : approvals.data!.length === 0 ? (
        <p className="muted">No app is connected.</p>
      ) : (
        <ul className="list" aria-label="Connected apps">
          {approvals.data!.map((approval) => (
            <ConnectedApp key={approval.id} approval={approval} busy={disconnect.isPending} onDisconnect={() => disconnect.mutate(approval.id)} />
          ))}
        </ul>
      )}
      <ActionStatus mutation={disconnect} pending="Disconnecting…" success="Disconnected: the app's tokens no longer work." />
    </Section>
  );
}
