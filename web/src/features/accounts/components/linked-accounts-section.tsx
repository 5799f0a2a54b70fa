import type { ReactElement } from "react";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useLinkGoogle } from "../api/link-social.js";
import { useLinkedAccounts, type LinkedAccount } from "../api/list-accounts.js";
import { useUnlinkAccount } from "../api/unlink-account.js";

const PROVIDER_LABELS: Record<string, string> = { credential: "Email and password", google: "Google" };

function AccountRow({ account }: { account: LinkedAccount }): ReactElement {
  const unlink = useUnlinkAccount();
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
          disabled={unlink.isPending}
          onClick={() => unlink.mutate({ providerId: account.providerId, accountId: account.accountId })}
          aria-label={`Unlink ${label}`}
        >
          Unlink
        </button>
      </div>
      {/* The last account is refused by the server with its own message (spec §5). */}
      <ActionStatus mutation={unlink} pending="Unlinking…" success="Account unlinked." />
    </li>
  );
}

/** Linked accounts: link Google, unlink (refused for the last one). */
export function LinkedAccountsSection(): ReactElement {
  const accounts = useLinkedAccounts();
  const link = useLinkGoogle();
  const hasGoogle = accounts.data?.some((account) => account.providerId === "google") ?? false;
  return (
    <Section id="accounts" title="Linked accounts" description="The ways you can sign in to this account.">
      {accounts.isPending ? (
        <p role="status">Loading accounts…</p>
      ) : (
        <ul className="list" aria-label="Linked accounts">
          {accounts.data?.map((account) => <AccountRow key={account.id} account={account} />)}
        </ul>
      )}
      {!hasGoogle && (
        <div className="actions">
          <button type="button" disabled={link.isPending} onClick={() => link.mutate()}>Link Google</button>
        </div>
      )}
      <ActionStatus mutation={link} pending="Opening Google…" success="Opening Google…" />
    </Section>
  );
}
