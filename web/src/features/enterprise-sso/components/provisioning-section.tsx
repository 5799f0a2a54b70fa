import type { ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { useGenerateScimToken } from "../api/sso.js";

/**
 * Provisioning (owners and admins): a SCIM token for the organization's directory, shown once,
 * and the base URL to give it (docs/enterprise-sso.md).
 */
export function ProvisioningSection({ organizationId }: { organizationId: string }): ReactElement {
  const generate = useGenerateScimToken();
  const base = `${window.location.origin}/api/auth/scim/v2`;
  return (
    <Section id="provisioning" title="Provisioning">
      <p className="muted">
        Your directory (Okta, Entra ID…) can create, update and remove your people over SCIM 2.0. Give it the base URL <code>{base}</code> and a token. Each new
        token works beside the earlier ones.
      </p>
      <div className="actions">
        <button type="button" onClick={() => generate.mutate(organizationId)} disabled={generate.isPending}>
          Make a provisioning token
        </button>
      </div>
      <ActionStatus mutation={generate} pending="Making a token…" success="Token made." errorMessage={actionErrorMessage} />
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
