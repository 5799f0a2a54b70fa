import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { EmptyState, LoadError, LoadingState } from "../../../components/query-state.js";
import { richText } from "../../../components/ui.js";
import { useTranslation, type MessageId, type Translate } from "../../../lib/i18n.js";
import { adminActionError } from "../api/admin-request.js";
import { useDeleteApp, useOAuthAppGrants, useOAuthApps, useRegisterApp, useRotateAppSecret, type NewOAuthApp, type OAuthApp } from "../api/oauth-clients.js";

type AppKind = "web" | "public" | "service";

const KIND_LABELS: Record<AppKind, MessageId> = {
  web: "adminApps.kind.web",
  public: "adminApps.kind.public",
  service: "adminApps.kind.service",
};

function lines(value: string): string[] {
  return value
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** How the app's ID tokens are signed: Gatehouse's EdDSA unless the relying party cannot verify it. */
const ID_TOKEN_ALGORITHMS = {
  EdDSA: { name: "Ed25519 (EdDSA)", note: "adminApps.alg.default" },
  RS256: { name: "RSA (RS256)", note: "adminApps.alg.rsa" },
  ES256: { name: "P-256 (ES256)", note: null },
} as const satisfies Record<string, { name: string; note: MessageId | null }>;
type IdTokenAlgorithm = keyof typeof ID_TOKEN_ALGORITHMS;

function algorithmLabel(t: Translate, algorithm: IdTokenAlgorithm): string {
  const { name, note } = ID_TOKEN_ALGORITHMS[algorithm];
  return note ? t(note, { name }) : name;
}

interface AppForm {
  name: string;
  redirects: string;
  logout: string;
  skipConsent: boolean;
  idTokenAlg: IdTokenAlgorithm;
}

const EMPTY_FORM: AppForm = { name: "", redirects: "", logout: "", skipConsent: false, idTokenAlg: "EdDSA" };

function newApp(kind: AppKind, form: AppForm): NewOAuthApp {
  const logout = lines(form.logout);
  const base = { client_name: form.name.trim(), skip_consent: form.skipConsent, enable_end_session: logout.length > 0, post_logout_redirect_uris: logout };
  if (kind === "service") {
    return {
      ...base,
      redirect_uris: [],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["client_credentials"],
      client_credentials_scopes: ["reports:read"],
    };
  }
  return {
    ...base,
    redirect_uris: lines(form.redirects),
    token_endpoint_auth_method: kind === "public" ? "none" : "client_secret_basic",
    grant_types: ["authorization_code", "refresh_token"],
    ...(form.idTokenAlg === "EdDSA" ? {} : { id_token_signed_response_alg: form.idTokenAlg }),
  };
}

/** A secret as the server shows it: once, right after it is made. */
function SecretOnce({ app }: { app: OAuthApp }): ReactElement {
  const { t } = useTranslation();
  const values = { name: app.client_name ?? app.client_id, id: app.client_id };
  const message = app.client_secret ? t("adminApps.createdWithSecret", { ...values, secret: app.client_secret }) : t("adminApps.created", values);
  return (
    <div className="notice" role="status">
      <p>{richText(message, (text, index) => (index === 0 ? <strong>{text}</strong> : <code>{text}</code>))}</p>
    </div>
  );
}

function Grants({ clientId }: { clientId: string }): ReactElement {
  const grants = useOAuthAppGrants(clientId);
  const { t } = useTranslation();
  if (grants.isPending) return <span className="muted small">{t("adminApps.grants.loading")}</span>;
  if (grants.isError) return <span className="muted small">{t("adminApps.grants.error")}</span>;
  if (grants.data.length === 0) return <span className="muted small">{t("adminApps.grants.none")}</span>;
  return (
    <span className="muted small">
      {t("adminApps.grants.by", { count: grants.data.length, emails: grants.data.map((grant) => grant.userEmail).join(", ") })}
    </span>
  );
}

function AppRow({ app, onSecret }: { app: OAuthApp; onSecret: (app: OAuthApp) => void }): ReactElement {
  const rotate = useRotateAppSecret();
  const remove = useDeleteApp();
  const { t } = useTranslation();
  const name = app.client_name ?? app.client_id;
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{name}</strong>{" "}
          <span className="badge">
            {app.public
              ? t("adminApps.badge.public")
              : app.grant_types.includes("client_credentials")
                ? t("adminApps.badge.service")
                : t("adminApps.badge.web")}
          </span>
          <div className="muted small">
            <code>{app.client_id}</code>
            {app.redirect_uris.length > 0 && <> · {t("adminApps.returnsTo", { uris: app.redirect_uris.join(", ") })}</>}
            {app.skip_consent && <> · {t("adminApps.firstParty")}</>}
          </div>
          <Grants clientId={app.client_id} />
          {(rotate.isError || remove.isError) && (
            <p className="notice error" role="alert">
              {adminActionError(rotate.error ?? remove.error)}
            </p>
          )}
        </div>
        {!app.public && (
          <ConfirmButton
            label={t("adminApps.rotate")}
            className="secondary"
            ariaLabel={t("adminApps.rotate.aria", { name })}
            disabled={rotate.isPending}
            title={t("adminApps.rotate.title", { name })}
            confirmLabel={t("adminApps.rotate")}
            onConfirm={() => rotate.mutate(app.client_id, { onSuccess: (answer) => "client_id" in answer && onSecret(answer) })}
          >
            <p>{t("adminApps.rotate.body")}</p>
          </ConfirmButton>
        )}
        <ConfirmButton
          label={t("common.delete")}
          ariaLabel={t("adminApps.delete.aria", { name })}
          disabled={remove.isPending}
          title={t("adminApps.delete.title", { name })}
          confirmLabel={t("adminApps.delete.confirm")}
          onConfirm={() => remove.mutate(app.client_id)}
        >
          <p>{t("adminApps.delete.body")}</p>
        </ConfirmButton>
      </div>
    </li>
  );
}

/** The console's apps: the OAuth clients that sign people in through Gatehouse; register, rotate a secret, delete, see who approved. */
export function AppsPanel(): ReactElement | null {
  const apps = useOAuthApps();
  const register = useRegisterApp();
  const [kind, setKind] = useState<AppKind>("web");
  const [form, setForm] = useState<AppForm>(EMPTY_FORM);
  const [shown, setShown] = useState<OAuthApp | null>(null);
  const { t } = useTranslation();

  // A server that is no OpenID provider (OIDC_PROVIDER=off) has no apps to show.
  if (apps.data === null) return null;

  function submit(event: FormEvent): void {
    event.preventDefault();
    setShown(null);
    register.mutate(newApp(kind, form), {
      onSuccess: (answer) => {
        if ("client_id" in answer) setShown(answer);
        setForm(EMPTY_FORM);
      },
    });
  }

  return (
    <section className="card" aria-labelledby="apps-heading">
      <div className="section-head">
        <h2 id="apps-heading">{t("adminApps.heading")}</h2>
      </div>
      <p className="muted">{t("adminApps.description")}</p>
      {shown && <SecretOnce app={shown} />}
      {apps.isPending ? (
        <LoadingState label={t("adminApps.loading")} />
      ) : apps.isError ? (
        <LoadError what={t("adminApps.theApps")} error={apps.error} onRetry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState title={t("adminApps.empty")} />
      ) : (
        <ul className="list" aria-label={t("adminApps.list")}>
          {apps.data.map((app) => (
            <AppRow key={app.client_id} app={app} onSecret={setShown} />
          ))}
        </ul>
      )}
      <form className="stack" aria-label={t("adminApps.register.heading")} onSubmit={submit}>
        <h3>{t("adminApps.register.heading")}</h3>
        <div className="field">
          <label htmlFor="app-name">{t("adminApps.name")}</label>
          <input
            id="app-name"
            required
            value={form.name}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
            placeholder={t("adminApps.name.example")}
          />
        </div>
        <div className="field">
          <label htmlFor="app-kind">{t("adminApps.kind")}</label>
          <select id="app-kind" value={kind} onChange={(event) => setKind(event.target.value as AppKind)}>
            {(Object.keys(KIND_LABELS) as AppKind[]).map((value) => (
              <option key={value} value={value}>
                {t(KIND_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        {kind !== "service" && (
          <>
            <div className="field">
              <label htmlFor="app-redirects">{t("adminApps.redirects")}</label>
              <textarea
                id="app-redirects"
                required
                value={form.redirects}
                onChange={(event) => setForm({ ...form, redirects: event.target.value })}
                placeholder="https://wiki.example.com/callback"
              />
            </div>
            <div className="field">
              <label htmlFor="app-logout">{t("adminApps.logout")}</label>
              <textarea id="app-logout" value={form.logout} onChange={(event) => setForm({ ...form, logout: event.target.value })} />
            </div>
            <div className="field">
              <label htmlFor="app-id-token-alg">{t("adminApps.idTokenAlg")}</label>
              <select
                id="app-id-token-alg"
                value={form.idTokenAlg}
                onChange={(event) => setForm({ ...form, idTokenAlg: event.target.value as IdTokenAlgorithm })}
              >
                {(Object.keys(ID_TOKEN_ALGORITHMS) as IdTokenAlgorithm[]).map((value) => (
                  <option key={value} value={value}>
                    {algorithmLabel(t, value)}
                  </option>
                ))}
              </select>
            </div>
            <label className="check">
              <input type="checkbox" checked={form.skipConsent} onChange={(event) => setForm({ ...form, skipConsent: event.target.checked })} />{" "}
              {t("adminApps.skipConsent")}
            </label>
          </>
        )}
        {register.isError && (
          <p className="notice error" role="alert">
            {adminActionError(register.error)}
          </p>
        )}
        <button type="submit" disabled={register.isPending}>
          {register.isPending ? t("adminApps.registering") : t("adminApps.register")}
        </button>
      </form>
    </section>
  );
}
