import type { ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useSocialProviders } from "../../../lib/social-providers.js";
import { useLinkSocial } from "../api/link-social.js";
import { useLinkedAccounts, type LinkedAccount } from "../api/list-accounts.js";
import { useUnlinkAccount } from "../api/unlink-account.js";
import { useTranslation } from "../../../lib/i18n.js";

interface AccountRowProps {
  account: LinkedAccount;
  label: string;
  onUnlink: (account: LinkedAccount) => void;
  busy: boolean;
  /** The only linked sign-in method: the server refuses to unlink it, so it is not offered. */
  last: boolean;
}

function AccountRow({ account, label, onUnlink, busy, last }: AccountRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{label}</strong>
          <div className="muted small">{t("accounts.linkedOn", { date: formatDateTime(account.createdAt) })}</div>
        </div>
        {!last && (
          <ConfirmButton
            label={t("accounts.unlink")}
            className="secondary"
            ariaLabel={t("accounts.unlinkNamed", { name: label })}
            disabled={busy}
            title={t("accounts.unlink.title", { name: label })}
            confirmLabel={t("accounts.unlinkNamed", { name: label })}
            onConfirm={() => onUnlink(account)}
          >
            <p>{t("accounts.unlink.body", { name: label })}</p>
          </ConfirmButton>
        )}
      </div>
      {last && <p className="muted small">{t("accounts.last")}</p>}
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
  const { t } = useTranslation();
  const labelOf = (providerId: string): string =>
    providers.find((p) => p.id === providerId)?.name ??
    (providerId === "credential" ? t("accounts.credential") : providerId === "google" ? "Google" : providerId);
  const linking = providers.find((p) => p.id === link.variables?.provider)?.name ?? t("accounts.theProvider");
  return (
    <Section id="accounts" title={t("accounts.heading")} description={t("accounts.description")}>
      {accounts.isPending ? (
        <p role="status">{t("accounts.loading")}</p>
      ) : (
        <ul className="list" aria-label={t("accounts.heading")}>
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
              {t("accounts.link", { provider: provider.name })}
            </button>
          ))}
        </div>
      )}
      {/* The last account is refused by the server with its own message (spec §5). */}
      <ActionStatus mutation={unlink} pending={t("accounts.unlinking")} success={t("accounts.unlinked")} />
      <ActionStatus mutation={link} pending={t("accounts.opening", { provider: linking })} success={t("accounts.opening", { provider: linking })} />
    </Section>
  );
}
