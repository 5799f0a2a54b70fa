import type { ReactElement } from "react";
import { ActionStatus, formatDateTime, Section } from "../../../components/ui.js";
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
  return (
    <Section id="provisioning" title="Provisioning">
      <p className="muted">
        Your directory (Okta, Entra ID…) can create, update and remove your people over SCIM 2.0. Give it the base URL <code>{base}</code> and a token.
      </p>
      {tokens.data && tokens.data.length > 0 && (
        <ul className="list" aria-label="Provisioning tokens">
          {tokens.data.map((token) => (
            <li key={token.id} className="item row" aria-label={`Token made ${formatDateTime(token.createdAt)}`}>
              <span className="grow">
                Made {formatDateTime(token.createdAt)} ·{" "}
                <span data-testid="last-sync">{token.lastUsedAt ? `last sync ${formatDateTime(token.lastUsedAt)}` : "never used"}</span>
              </span>
              <ConfirmButton
                label="Revoke"
                ariaLabel={`Revoke the token made ${formatDateTime(token.createdAt)}`}
                disabled={revoke.isPending}
                title="Revoke this provisioning token?"
                confirmLabel="Revoke token"
                onConfirm={() => revoke.mutate(token.id)}
              >
                <p>Your directory stops syncing through it at once. People and groups it made stay.</p>
              </ConfirmButton>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="button" onClick={() => generate.mutate()} disabled={generate.isPending}>
          Make a provisioning token
        </button>
      </div>
      <ActionStatus mutation={generate} pending="Making a token…" success="Token made." errorMessage={actionErrorMessage} />
      <ActionStatus
        mutation={revoke}
        pending="Revoking…"
        success="Token revoked: the directory's requests with it are refused."
        errorMessage={actionErrorMessage}
      />
      {generate.data && (
        <div className="notice success stack" role="status" aria-label="New provisioning token">
          <p>
            <strong>Copy the token now.</strong> This is the only time it is shown.
          </p>
          <input readOnly aria-label="Provisioning token" className="mono" value={generate.data.scimToken} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </Section>
  );
}
