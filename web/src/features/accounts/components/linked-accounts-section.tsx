import type { ReactElement } from "react";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useLinkGoogle } from "../api/link-social.js";
import { useLinkedAccounts, type LinkedAccount } from "../api/list-accounts.js";
import { useUnlinkAccount } from "../api/unlink-account.js";

const PROVIDER_LABELS: Record<string, string> = { credential: "Email and password", google: "Google" };

interface AccountRowProps {
  account: LinkedAccount;
  onUnlink: (account: LinkedAccount) => void;
  busy: boolean;
}

function AccountRow({ account, onUnlink, busy }: AccountRowProps): ReactElement {
  const label = PROVIDER_LABELS[account.providerId] ?? account.providerId;
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{label}</strong>
          <div className="muted small">Linked {formatDateTime(account.createdAt)}</div>
        </div>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => onUnlink(account)}
          aria-label={`Unlink ${label}`}
        >
          Unlink
        </button>
      </div>
    </li>
  );
}

/** Linked accounts: link Google, unlink (refused for the last one). */
export function LinkedAccountsSection(): ReactElement {
  const accounts = useLinkedAccounts();
  const link = useLinkGoogle();
  // The status lives here: an unlinked row disappears from the list.
  const unlink = useUnlinkAccount();
  const hasGoogle = accounts.data?.some((account) => account.providerId === "google") ?? false;
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
              busy={unlink.isPending}
              onUnlink={({ providerId, accountId }) => unlink.mutate({ providerId, accountId })}
            />
          ))}
        </ul>
      )}
      {!hasGoogle && (
        <div className="actions">
          <button type="button" disabled={link.isPending} onClick={() => link.mutate()}>Link Google</button>
        </div>
      )}
      {/* The last account is refused by the server with its own message (spec §5). */}
      <ActionStatus mutation={unlink} pending="Unlinking…" success="Account unlinked." />
      <ActionStatus mutation={link} pending="Opening Google…" success="Opening Google…" />
    </Section>
  );
}
