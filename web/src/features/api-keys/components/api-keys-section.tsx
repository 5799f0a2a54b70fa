import { useState, type FormEvent, type ReactElement } from "react";
import { highestRoleRank, type WireApiKey, type WireCreatedApiKey } from "@gatehouse/auth-core/shared";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useSetApiKeyEnabled, type ApiKeyScope } from "../api/api-keys.js";

const DAY_SECONDS = 24 * 60 * 60;

/** The expiry choices (the server accepts 1 to 365 days). */
const EXPIRY_CHOICES: ReadonlyArray<{ label: string; seconds: number | null }> = [
  { label: "30 days", seconds: 30 * DAY_SECONDS },
  { label: "90 days", seconds: 90 * DAY_SECONDS },
  { label: "1 year", seconds: 365 * DAY_SECONDS },
  { label: "7 days", seconds: 7 * DAY_SECONDS },
  { label: "Never", seconds: null },
];

/** The new key, shown once with a copy button: the server never shows it again. */
function NewKeyNotice({ created, onDone }: { created: WireCreatedApiKey; onDone: () => void }): ReactElement {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <div className="notice success stack" role="status" aria-label="New API key">
      <p>
        <strong>Copy your new key now.</strong> This is the only time it is shown: only its first characters are kept.
      </p>
      <label htmlFor={`api-key-secret-${created.id}`}>API key “{created.name ?? "unnamed"}”</label>
      <input id={`api-key-secret-${created.id}`} readOnly value={created.key} onFocus={(e) => e.currentTarget.select()} className="mono" />
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          Copy key
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      {copied === "yes" && <p className="small">Copied to the clipboard.</p>}
      {copied === "failed" && <p className="small">Copying failed: select the key and copy it by hand.</p>}
    </div>
  );
}

function describeExpiry(key: WireApiKey): string {
  return key.expiresAt ? `expires ${formatDateTime(key.expiresAt)}` : "never expires";
}

interface KeyRowProps {
  apiKey: WireApiKey;
  scope: ApiKeyScope;
  onDelete: (key: WireApiKey) => void;
}

function ApiKeyRow({ apiKey, scope, onDelete }: KeyRowProps): ReactElement {
  const toggle = useSetApiKeyEnabled(scope);
  const label = apiKey.name || "Unnamed key";
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{label}</strong> <code>{apiKey.start ?? ""}…</code> {!apiKey.enabled && <span className="badge">disabled</span>}
          <div className="muted small">
            Created {formatDateTime(apiKey.createdAt)} · {apiKey.lastRequest ? `last used ${formatDateTime(apiKey.lastRequest)}` : "never used"} ·{" "}
            {describeExpiry(apiKey)}
          </div>
        </div>
        <button
          type="button"
          className="secondary"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ keyId: apiKey.id, enabled: !apiKey.enabled })}
          aria-label={`${apiKey.enabled ? "Disable" : "Enable"} ${label}`}
        >
          {apiKey.enabled ? "Disable" : "Enable"}
        </button>
        <button type="button" className="danger" onClick={() => onDelete(apiKey)} aria-label={`Delete ${label}`}>
          Delete
        </button>
      </div>
      <ActionStatus mutation={toggle} pending="Saving…" success={apiKey.enabled ? "Key enabled." : "Key disabled."} />
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
      title={organization ? "Organization API keys" : "API keys"}
      description={
        organization
          ? "Keys that belong to the organization, for provisioning scripts: they read its members and do only what you allow them."
          : "Keys for your scripts and services: a request with the key in its x-api-key header reads your account. Keys can never change your account or manage keys."
      }
    >
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <p role="status">Loading API keys…</p>
      ) : keys.data && keys.data.apiKeys.length > 0 ? (
        <ul className="list" aria-label={organization ? "Organization API keys" : "Your API keys"}>
          {keys.data.apiKeys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} scope={scope} onDelete={setConfirming} />
          ))}
        </ul>
      ) : (
        <p className="muted">No API keys yet.</p>
      )}
      {confirming && (
        <div className="notice stack" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            Delete the key “{confirming.name || "Unnamed key"}” ({confirming.start}…)? Everything using it stops working at once.
          </p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ keyId: confirming.id }, { onSuccess: () => setConfirming(null) })}
            >
              Delete key
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <ActionStatus mutation={remove} pending="Deleting…" success="API key deleted." />
      <form className="stack" onSubmit={onCreate}>
        <label htmlFor={`${id}-name`}>Name of the new key</label>
        <input id={`${id}-name`} required maxLength={32} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Nightly export" />
        <label htmlFor={`${id}-expiry`}>Expires after</label>
        <select id={`${id}-expiry`} value={expiry} onChange={(e) => setExpiry(Number(e.target.value))}>
          {EXPIRY_CHOICES.map((choice, index) => (
            <option key={choice.label} value={index}>
              {choice.label}
            </option>
          ))}
        </select>
        {organization && (
          <label className="check">
            <input type="checkbox" checked={mayInvite} onChange={(e) => setMayInvite(e.target.checked)} /> May invite people to the organization
          </label>
        )}
        <div className="actions">
          <button type="submit" disabled={create.isPending}>
            Create API key
          </button>
        </div>
        <ActionStatus mutation={create} pending="Creating…" success="API key created." />
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
