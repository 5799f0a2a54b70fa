import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useSocialProviders } from "../../../lib/social-providers.js";
import { useLinkSocial } from "../api/link-social.js";
import { useLinkedAccounts, type LinkedAccount } from "../api/list-accounts.js";
import { useUnlinkAccount } from "../api/unlink-account.js";

const PROVIDER_LABELS: Record<string, string> = { credential: "Email and password", google: "Google" };

interface AccountRowProps {
  account: LinkedAccount;
  label: string;
  onUnlink: (account: LinkedAccount) => void;
  busy: boolean;
  /** The only linked sign-in method: the server refuses to unlink it, so it is not offered. */
  last: boolean;
}

function AccountRow({ account, label, onUnlink, busy, last }: AccountRowProps): ReactElement {
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{label}</strong>
          <div className="muted small">Linked {formatDateTime(account.createdAt)}</div>
        </div>
        {!last && (
          <ConfirmButton
            label="Unlink"
            className="secondary"
            ariaLabel={`Unlink ${label}`}
            disabled={busy}
            title={`Unlink ${label}?`}
            confirmLabel={`Unlink ${label}`}
            onConfirm={() => onUnlink(account)}
          >
            <p>You can no longer sign in with {label} until you link it again. Your account and its data stay as they are.</p>
          </ConfirmButton>
        )}
      </div>
      {last && <p className="muted small">This is your only linked sign-in method, so it can't be unlinked. Link another one first.</p>}
    </li>
  );
}

/** Linked accounts: a Link button per enabled provider not linked yet (Google first); unlink (refused for the last one). */
export function LinkedAccountsSection(): ReactElement {
  const accounts = useLinkedAccounts();
  const providers = useSocialProviders();
  const link = useLinkSocial();
  // The status lives here: an unlinked row disappears from the list.
  const unlink = useUnlinkAccount();
  const linked = new Set(accounts.data?.map((account) => account.providerId));
  const linkable = accounts.data ? providers.filter((provider) => !linked.has(provider.id)) : [];
  const labelOf = (providerId: string): string => providers.find((p) => p.id === providerId)?.name ?? PROVIDER_LABELS[providerId] ?? providerId;
  const linking = providers.find((p) => p.id === link.variables?.provider)?.name ?? "the provider";
  return (
    <Section id="accounts" title="Linked accounts" description="The ways you can sign in to this account.">
      {accounts.isPending ? (
        <p role="status">Loading accounts…</p>
      ) : (
        <ul className="list" aria-label="Linked accounts">
          {accounts.data?.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              label={labelOf(account.providerId)}
              busy={unlink.isPending}
              last={accounts.data?.length === 1}
              onUnlink={({ providerId, accountId }) => unlink.mutate({ providerId, accountId })}
            />
          ))}
        </ul>
      )}
      {linkable.length > 0 && (
        <div className="actions">
          {linkable.map((provider) => (
            <button
              key={provider.id}
              type="button"
              data-provider={provider.id}
              disabled={link.isPending}
              onClick={() => link.mutate({ provider: provider.id })}
            >
              <img src={`/provider-marks/${provider.id}.svg`} alt="" />
              Link {provider.name}
            </button>
          ))}
        </div>
      )}
      {/* The last account is refused by the server with its own message (spec §5). */}
      <ActionStatus mutation={unlink} pending="Unlinking…" success="Account unlinked." />
      <ActionStatus mutation={link} pending={`Opening ${linking}…`} success={`Opening ${linking}…`} />
    </Section>
  );
}
