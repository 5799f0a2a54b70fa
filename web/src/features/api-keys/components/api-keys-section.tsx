import { useState, type FormEvent, type ReactElement } from "react";
import { highestRoleRank, type WireApiKey, type WireCreatedApiKey } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, richText, Section } from "../../../components/ui.js";
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useSetApiKeyEnabled, type ApiKeyScope } from "../api/api-keys.js";
import { useTranslation, type MessageId } from "../../../lib/i18n.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { translate } from "../../../components/ui.js";

const DAY_SECONDS = 24 * 60 * 60;

/** The expiry choices (the server accepts 1 to 365 days). */
const EXPIRY_CHOICES: ReadonlyArray<{ label: MessageId; seconds: number | null }> = [
  { label: "apiKeys.expiry.30d", seconds: 30 * DAY_SECONDS },
  { label: "apiKeys.expiry.90d", seconds: 90 * DAY_SECONDS },
  { label: "apiKeys.expiry.1y", seconds: 365 * DAY_SECONDS },
  { label: "apiKeys.expiry.7d", seconds: 7 * DAY_SECONDS },
  { label: "apiKeys.expiry.never", seconds: null },
];

/** The new key, shown once with a copy button: the server never shows it again. */
function NewKeyNotice({ created, onDone }: { created: WireCreatedApiKey; onDone: () => void }): ReactElement {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const { t } = useTranslation();
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div className="notice success stack" role="status" aria-label={t("apiKeys.new")}>
      <p>
        {richText(t("apiKeys.copyNow"), (text) => (
          <strong>{text}</strong>
        ))}
      </p>
      <label htmlFor={`api-key-secret-${created.id}`}>{t("apiKeys.keyNamed", { name: created.name ?? t("apiKeys.unnamed") })}</label>
      <input id={`api-key-secret-${created.id}`} readOnly value={created.key} onFocus={(e) => e.currentTarget.select()} className="mono" />
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          {t("apiKeys.copy")}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          {t("common.done")}
        </button>
      </div>
      {copied === "yes" && <p className="small">{t("apiKeys.copied")}</p>}
      {copied === "failed" && <p className="small">{t("apiKeys.copyFailed")}</p>}
    </div>
  );
}

function describeExpiry(key: WireApiKey): string {
  return key.expiresAt ? translate("apiKeys.expires", { date: formatDateTime(key.expiresAt) }) : translate("apiKeys.neverExpires");
}

interface KeyRowProps {
  apiKey: WireApiKey;
  scope: ApiKeyScope;
  onDelete: (key: WireApiKey) => void;
}

function ApiKeyRow({ apiKey, scope, onDelete }: KeyRowProps): ReactElement {
  const toggle = useSetApiKeyEnabled(scope);
  const { t } = useTranslation();
  const label = apiKey.name || t("apiKeys.unnamedKey");
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{label}</strong> <code>{apiKey.start ?? ""}…</code> {!apiKey.enabled && <span className="badge">{t("apiKeys.disabled")}</span>}
          <div className="muted small">
            {t("apiKeys.created", { date: formatDateTime(apiKey.createdAt) })} ·{" "}
            {apiKey.lastRequest ? t("apiKeys.lastUsed", { date: formatDateTime(apiKey.lastRequest) }) : t("apiKeys.neverUsed")} · {describeExpiry(apiKey)}
          </div>
        </div>
        <button
          type="button"
          className="secondary"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ keyId: apiKey.id, enabled: !apiKey.enabled })}
          aria-label={apiKey.enabled ? t("apiKeys.disableNamed", { name: label }) : t("apiKeys.enableNamed", { name: label })}
        >
          {apiKey.enabled ? t("apiKeys.disable") : t("apiKeys.enable")}
        </button>
        <button type="button" className="danger" onClick={() => onDelete(apiKey)} aria-label={t("apiKeys.deleteNamed", { name: label })}>
          {t("common.delete")}
        </button>
      </div>
      <ActionStatus mutation={toggle} pending={t("common.saving")} success={apiKey.enabled ? t("apiKeys.enabled") : t("apiKeys.disabledNotice")} />
    </li>
  );
}

export interface ApiKeysSectionProps {
  scope: ApiKeyScope;
}

/**
 * API keys for scripts and services: create with a name and an expiry, copy once,
 * list with their start, creation, last use and expiry, disable, and delete after confirming.
 * The person's own keys in Settings; an organization's on the Users page (owners and admins).
 */
export function ApiKeysSection({ scope }: ApiKeysSectionProps): ReactElement | null {
  const keys = useApiKeys(scope);
  const create = useCreateApiKey(scope);
  const remove = useDeleteApiKey(scope);
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState(0);
  const [mayInvite, setMayInvite] = useState(false);
  const [created, setCreated] = useState<WireCreatedApiKey | null>(null);
  const [confirming, setConfirming] = useState<WireApiKey | null>(null);
  const organization = scope.kind === "organization";
  const id = organization ? "organization-api-keys" : "api-keys";
  const { t } = useTranslation();

  // The server no longer lets this person manage the organization's keys: nothing to show.
  if (keys.data === null) return null;

  function onCreate(event: FormEvent): void {
    event.preventDefault();
    const permissions = organization && mayInvite ? { member: ["create"] } : undefined;
    create.mutate(
      { name: name.trim(), expiresIn: EXPIRY_CHOICES[expiry]?.seconds ?? null, permissions },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName("");
        },
      },
    );
  }

  return (
    <Section
      id={id}
      title={organization ? t("apiKeys.organization.heading") : t("apiKeys.heading")}
      description={organization ? t("apiKeys.organization.description") : t("apiKeys.description")}
    >
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <p role="status">{t("apiKeys.loading")}</p>
      ) : keys.data && keys.data.apiKeys.length > 0 ? (
        <ul className="list" aria-label={organization ? t("apiKeys.organization.heading") : t("apiKeys.list")}>
          {keys.data.apiKeys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} scope={scope} onDelete={setConfirming} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t("apiKeys.empty")}</p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t("apiKeys.delete.title")}
        confirmLabel={t("apiKeys.delete.confirm")}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) remove.mutate({ keyId: confirming.id });
          setConfirming(null);
        }}
      >
        {confirming && <p>{t("apiKeys.delete.question", { name: confirming.name || t("apiKeys.unnamedKey"), start: confirming.start ?? "" })}</p>}
      </ConfirmDialog>
      <ActionStatus mutation={remove} pending={t("common.deleting")} success={t("apiKeys.deleted")} />
      <form className="stack" onSubmit={onCreate}>
        <label htmlFor={`${id}-name`}>{t("apiKeys.newName")}</label>
        <input
          id={`${id}-name`}
          required
          maxLength={32}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t("apiKeys.newName.placeholder")}
        />
        <label htmlFor={`${id}-expiry`}>{t("apiKeys.expiry")}</label>
        <select id={`${id}-expiry`} value={expiry} onChange={(e) => setExpiry(Number(e.target.value))}>
          {EXPIRY_CHOICES.map((choice, index) => (
            <option key={choice.label} value={index}>
              {t(choice.label)}
            </option>
          ))}
        </select>
        {organization && (
          <label className="check">
            <input type="checkbox" checked={mayInvite} onChange={(e) => setMayInvite(e.target.checked)} /> {t("apiKeys.mayInvite")}
          </label>
        )}
        <div className="actions">
          <button type="submit" disabled={create.isPending}>
            {t("apiKeys.create")}
          </button>
        </div>
        <ActionStatus mutation={create} pending={t("common.creating")} success={t("apiKeys.createdNotice")} />
      </form>
    </Section>
  );
}

/** The organization's keys, for its owners and admins only (others never see the section). */
export function OrganizationApiKeysSection({ organizationId, viewerRole }: { organizationId: string; viewerRole: string }): ReactElement | null {
  // Owner (rank 0) or admin (rank 1): the server refuses everyone else the same way.
  if (highestRoleRank(viewerRole) > 1) return null;
  return <ApiKeysSection scope={{ kind: "organization", organizationId }} />;
}
