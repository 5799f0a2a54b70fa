import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, Section } from "../../../components/ui.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import {
  useDeleteSsoProvider,
  useRegisterSsoProvider,
  useRequestDomainToken,
  useSsoProviders,
  useVerifyDomain,
  verificationRecordName,
  type NewSsoProvider,
  type SsoProvider,
} from "../api/sso.js";

function ProviderRow({ provider, organizationId, token }: { provider: SsoProvider; organizationId: string; token: string | null }): ReactElement {
  const verify = useVerifyDomain(organizationId);
  const requestToken = useRequestDomainToken(organizationId);
  const remove = useDeleteSsoProvider(organizationId);
  const shownToken = requestToken.data?.domainVerificationToken ?? token;
  return (
    <li className="item stack tight provider" aria-label={`Identity provider ${provider.providerId}`}>
      <p className="row">
        <strong>{provider.providerId}</strong>
        <span className="muted">
          {provider.type === "oidc" ? "OpenID Connect" : "SAML 2.0"} · {provider.domain}
        </span>
        <span className={provider.domainVerified ? "badge ok" : "badge warn"} data-testid={`sso-status-${provider.providerId}`}>
          {provider.domainVerified ? "domain verified" : "domain not verified: no sign-in yet"}
        </span>
      </p>
      {/* What to paste into the identity provider: long URLs, wrapped inside a phone's card. */}
      <dl className="facts small">
        {provider.type === "oidc" ? (
          <>
            <dt>Redirect URI</dt>
            <dd>
              <code>{provider.redirectURI}</code>
            </dd>
          </>
        ) : (
          <>
            <dt>ACS URL</dt>
            <dd>
              <code>{provider.samlConfig?.callbackUrl}</code>
            </dd>
            <dt>SP entity ID</dt>
            <dd>
              <code>{provider.issuer}</code>
            </dd>
            <dt>SP metadata</dt>
            <dd>
              <a href={provider.samlConfig?.spMetadataUrl}>Download the XML</a>
            </dd>
          </>
        )}
      </dl>
      {!provider.domainVerified && (
        <div className="stack">
          <p className="small">
            Publish a DNS TXT record named <code>{verificationRecordName(provider)}</code>
            {shownToken ? (
              <>
                {" "}
                with the value <code data-testid={`sso-token-${provider.providerId}`}>{shownToken}</code>
              </>
            ) : (
              " holding the token you were given (or ask for a new one)"
            )}
            , then verify.
          </p>
          <div className="actions">
            <button type="button" onClick={() => verify.mutate(provider.providerId)} disabled={verify.isPending}>
              Verify domain
            </button>
            <button type="button" className="secondary" onClick={() => requestToken.mutate(provider.providerId)} disabled={requestToken.isPending}>
              New token
            </button>
          </div>
          <ActionStatus mutation={verify} pending="Looking up the record…" success="Domain verified." errorMessage={actionErrorMessage} />
        </div>
      )}
      <div className="actions">
        <ConfirmButton
          label="Remove provider"
          ariaLabel={`Remove provider ${provider.providerId}`}
          disabled={remove.isPending}
          title={`Remove the provider ${provider.providerId}?`}
          confirmLabel="Remove provider"
          onConfirm={() => remove.mutate(provider.providerId)}
        >
          <p>People of {provider.domain} can no longer sign in through it. Accounts they already have stay, with their other ways in.</p>
        </ConfirmButton>
      </div>
    </li>
  );
}

function AddProviderForm({ organizationId, onToken }: { organizationId: string; onToken: (providerId: string, token: string) => void }): ReactElement {
  const register = useRegisterSsoProvider(organizationId);
  const [type, setType] = useState<"oidc" | "saml">("oidc");
  const [fields, setFields] = useState({ providerId: "", domain: "", issuer: "", clientId: "", clientSecret: "", entryPoint: "", cert: "", idpEntityID: "" });
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  async function onCertificateFile(file: File | undefined): Promise<void> {
    if (file) setFields({ ...fields, cert: await file.text() });
  }

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    const input: NewSsoProvider =
      type === "oidc"
        ? {
            type,
            providerId: fields.providerId.trim(),
            domain: fields.domain.trim(),
            issuer: fields.issuer.trim(),
            clientId: fields.clientId.trim(),
            clientSecret: fields.clientSecret,
          }
        : {
            type,
            providerId: fields.providerId.trim(),
            domain: fields.domain.trim(),
            issuer: fields.issuer.trim(),
            entryPoint: fields.entryPoint.trim(),
            cert: fields.cert,
            idpEntityID: fields.idpEntityID.trim(),
          };
    register.mutate(input, { onSuccess: (created) => onToken(created.providerId, created.domainVerificationToken) });
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-label="Add an identity provider">
      <fieldset className="row">
        <legend>Protocol</legend>
        <label>
          <input type="radio" name="sso-type" checked={type === "oidc"} onChange={() => setType("oidc")} /> OpenID Connect
        </label>
        <label>
          <input type="radio" name="sso-type" checked={type === "saml"} onChange={() => setType("saml")} /> SAML 2.0
        </label>
      </fieldset>
      <label htmlFor="sso-provider-id">Provider id (letters, digits, dots, dashes)</label>
      <input id="sso-provider-id" required pattern="[A-Za-z0-9._-]+" value={fields.providerId} onChange={set("providerId")} />
      <label htmlFor="sso-domain">Email domain</label>
      <input id="sso-domain" required placeholder="example.com" value={fields.domain} onChange={set("domain")} />
      {type === "oidc" ? (
        <>
          <label htmlFor="sso-issuer">Issuer URL (its discovery document is read)</label>
          <input id="sso-issuer" type="url" required value={fields.issuer} onChange={set("issuer")} />
          <label htmlFor="sso-client-id">Client id</label>
          <input id="sso-client-id" required value={fields.clientId} onChange={set("clientId")} />
          <label htmlFor="sso-client-secret">Client secret</label>
          <input id="sso-client-secret" type="password" required value={fields.clientSecret} onChange={set("clientSecret")} />
        </>
      ) : (
        <>
          <label htmlFor="sso-sp-entity">Our entity ID (the audience you give the IdP)</label>
          <input id="sso-sp-entity" required value={fields.issuer} onChange={set("issuer")} />
          <label htmlFor="sso-entry-point">IdP single sign-on URL</label>
          <input id="sso-entry-point" type="url" required value={fields.entryPoint} onChange={set("entryPoint")} />
          <label htmlFor="sso-idp-entity">IdP entity ID (issuer)</label>
          <input id="sso-idp-entity" required value={fields.idpEntityID} onChange={set("idpEntityID")} />
          <label htmlFor="sso-cert">IdP signing certificate (PEM)</label>
          <textarea id="sso-cert" required rows={4} value={fields.cert} onChange={set("cert")} />
          <label htmlFor="sso-cert-file">…or upload it</label>
          <input id="sso-cert-file" type="file" accept=".pem,.crt,.cer" onChange={(e) => void onCertificateFile(e.target.files?.[0])} />
        </>
      )}
      <div className="actions">
        <button type="submit" disabled={register.isPending}>
          Add provider
        </button>
      </div>
      <ActionStatus mutation={register} pending="Adding…" success="Provider added: verify its domain to turn it on." errorMessage={actionErrorMessage} />
    </form>
  );
}

/**
 * Single sign-on (owners and admins): the organization's OpenID and SAML providers, what to paste
 * into the IdP, and the DNS record that verifies the domain (docs/enterprise-sso.md).
 */
export function SingleSignOnSection({ organizationId }: { organizationId: string }): ReactElement {
  const providers = useSsoProviders(organizationId);
  const [tokens, setTokens] = useState<Record<string, string>>({});
  return (
    <Section id="single-sign-on" title="Single sign-on">
      <p className="muted">
        Let your people sign in through your company&apos;s identity provider. A provider signs nobody in until its email domain is verified with a DNS record.
      </p>
      {providers.isPending && <p role="status">Loading the providers…</p>}
      {providers.error && <p className="notice error">{actionErrorMessage(providers.error)}</p>}
      {providers.data && providers.data.length > 0 && (
        <ul className="list" aria-label="Identity providers">
          {providers.data.map((provider) => (
            <ProviderRow key={provider.providerId} provider={provider} organizationId={organizationId} token={tokens[provider.providerId] ?? null} />
          ))}
        </ul>
      )}
      <h3>Add a provider</h3>
      <AddProviderForm organizationId={organizationId} onToken={(providerId, token) => setTokens({ ...tokens, [providerId]: token })} />
    </Section>
  );
}
