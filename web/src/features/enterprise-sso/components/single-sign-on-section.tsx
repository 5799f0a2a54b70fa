import { useState, type FormEvent, type ReactElement } from "react";
import { ActionStatus, richText, Section } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";
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
  const { t } = useTranslation();
  const shownToken = requestToken.data?.domainVerificationToken ?? token;
  return (
    <li className="item stack tight provider" aria-label={t("sso.provider", { id: provider.providerId })}>
      <p className="row">
        <strong>{provider.providerId}</strong>
        <span className="muted">
          {provider.type === "oidc" ? "OpenID Connect" : "SAML 2.0"} · {provider.domain}
        </span>
        <span className={provider.domainVerified ? "badge ok" : "badge warn"} data-testid={`sso-status-${provider.providerId}`}>
          {provider.domainVerified ? t("sso.verified") : t("sso.notVerified")}
        </span>
      </p>
      {/* What to paste into the identity provider: long URLs, wrapped inside a phone's card. */}
      <dl className="facts small">
        {provider.type === "oidc" ? (
          <>
            <dt>{t("sso.redirectUri")}</dt>
            <dd>
              <code>{provider.redirectURI}</code>
            </dd>
          </>
        ) : (
          <>
            <dt>{t("sso.acsUrl")}</dt>
            <dd>
              <code>{provider.samlConfig?.callbackUrl}</code>
            </dd>
            <dt>{t("sso.spEntityId")}</dt>
            <dd>
              <code>{provider.issuer}</code>
            </dd>
            <dt>{t("sso.spMetadata")}</dt>
            <dd>
              <a href={provider.samlConfig?.spMetadataUrl}>{t("sso.downloadXml")}</a>
            </dd>
          </>
        )}
      </dl>
      {!provider.domainVerified && (
        <div className="stack">
          <p className="small">
            {richText(
              shownToken
                ? t("sso.dns.withToken", { name: verificationRecordName(provider), token: shownToken })
                : t("sso.dns.noToken", { name: verificationRecordName(provider) }),
              (text, index) => (index === 1 ? <code data-testid={`sso-token-${provider.providerId}`}>{text}</code> : <code>{text}</code>),
            )}
          </p>
          <div className="actions">
            <button type="button" onClick={() => verify.mutate(provider.providerId)} disabled={verify.isPending}>
              {t("sso.verify")}
            </button>
            <button type="button" className="secondary" onClick={() => requestToken.mutate(provider.providerId)} disabled={requestToken.isPending}>
              {t("sso.newToken")}
            </button>
          </div>
          <ActionStatus mutation={verify} pending={t("sso.verify.pending")} success={t("sso.verify.done")} errorMessage={actionErrorMessage} />
        </div>
      )}
      <div className="actions">
        <ConfirmButton
          label={t("sso.remove")}
          ariaLabel={t("sso.remove.aria", { id: provider.providerId })}
          disabled={remove.isPending}
          title={t("sso.remove.title", { id: provider.providerId })}
          confirmLabel={t("sso.remove")}
          onConfirm={() => remove.mutate(provider.providerId)}
        >
          <p>{t("sso.remove.body", { domain: provider.domain })}</p>
        </ConfirmButton>
      </div>
    </li>
  );
}

function AddProviderForm({ organizationId, onToken }: { organizationId: string; onToken: (providerId: string, token: string) => void }): ReactElement {
  const register = useRegisterSsoProvider(organizationId);
  const { t } = useTranslation();
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
    <form className="stack" onSubmit={onSubmit} aria-label={t("sso.add.form")}>
      <fieldset className="row">
        <legend>{t("sso.protocol")}</legend>
        <label>
          <input type="radio" name="sso-type" checked={type === "oidc"} onChange={() => setType("oidc")} /> OpenID Connect
        </label>
        <label>
          <input type="radio" name="sso-type" checked={type === "saml"} onChange={() => setType("saml")} /> SAML 2.0
        </label>
      </fieldset>
      <label htmlFor="sso-provider-id">{t("sso.providerId")}</label>
      <input id="sso-provider-id" required pattern="[A-Za-z0-9._-]+" value={fields.providerId} onChange={set("providerId")} />
      <label htmlFor="sso-domain">{t("sso.domain")}</label>
      <input id="sso-domain" required placeholder="example.com" value={fields.domain} onChange={set("domain")} />
      {type === "oidc" ? (
        <>
          <label htmlFor="sso-issuer">{t("sso.issuer")}</label>
          <input id="sso-issuer" type="url" required value={fields.issuer} onChange={set("issuer")} />
          <label htmlFor="sso-client-id">{t("sso.clientId")}</label>
          <input id="sso-client-id" required value={fields.clientId} onChange={set("clientId")} />
          <label htmlFor="sso-client-secret">{t("sso.clientSecret")}</label>
          <input id="sso-client-secret" type="password" required value={fields.clientSecret} onChange={set("clientSecret")} />
        </>
      ) : (
        <>
          <label htmlFor="sso-sp-entity">{t("sso.spEntity")}</label>
          <input id="sso-sp-entity" required value={fields.issuer} onChange={set("issuer")} />
          <label htmlFor="sso-entry-point">{t("sso.entryPoint")}</label>
          <input id="sso-entry-point" type="url" required value={fields.entryPoint} onChange={set("entryPoint")} />
          <label htmlFor="sso-idp-entity">{t("sso.idpEntity")}</label>
          <input id="sso-idp-entity" required value={fields.idpEntityID} onChange={set("idpEntityID")} />
          <label htmlFor="sso-cert">{t("sso.cert")}</label>
          <textarea id="sso-cert" required rows={4} value={fields.cert} onChange={set("cert")} />
          <label htmlFor="sso-cert-file">{t("sso.certFile")}</label>
          <input id="sso-cert-file" type="file" accept=".pem,.crt,.cer" onChange={(e) => void onCertificateFile(e.target.files?.[0])} />
        </>
      )}
      <div className="actions">
        <button type="submit" disabled={register.isPending}>
          {t("sso.add")}
        </button>
      </div>
      <ActionStatus mutation={register} pending={t("sso.adding")} success={t("sso.added")} errorMessage={actionErrorMessage} />
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
  const { t } = useTranslation();
  return (
    <Section id="single-sign-on" title={t("sso.heading")}>
      <p className="muted">{t("sso.description")}</p>
      {providers.isPending && <p role="status">{t("sso.loading")}</p>}
      {providers.error && <p className="notice error">{actionErrorMessage(providers.error)}</p>}
      {providers.data && providers.data.length > 0 && (
        <ul className="list" aria-label={t("sso.list")}>
          {providers.data.map((provider) => (
            <ProviderRow key={provider.providerId} provider={provider} organizationId={organizationId} token={tokens[provider.providerId] ?? null} />
          ))}
        </ul>
      )}
      <h3>{t("sso.add.heading")}</h3>
      <AddProviderForm organizationId={organizationId} onToken={(providerId, token) => setTokens({ ...tokens, [providerId]: token })} />
    </Section>
  );
}
