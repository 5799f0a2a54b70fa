import { useState, type FormEvent, type ReactElement } from "react";
import { ConfirmButton } from "../../../components/confirm-dialog.js";
import { EmptyState, LoadError, LoadingState } from "../../../components/query-state.js";
import { adminActionError } from "../api/admin-request.js";
import { useDeleteApp, useOAuthAppGrants, useOAuthApps, useRegisterApp, useRotateAppSecret, type NewOAuthApp, type OAuthApp } from "../api/oauth-clients.js";

type AppKind = "web" | "public" | "service";

const KIND_LABELS: Record<AppKind, string> = {
  web: "Web app with a server (keeps a secret)",
  public: "App without a secret (single-page or command-line, PKCE only)",
  service: "Service acting as itself (client credentials, reports:read)",
};

function lines(value: string): string[] {
  return value
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** How the app's ID tokens are signed: Gatehouse's EdDSA unless the relying party cannot verify it. */
const ID_TOKEN_ALGORITHMS = {
  EdDSA: "Ed25519 (EdDSA), the default",
  RS256: "RSA (RS256), for a relying party without EdDSA, such as Apache's mod_auth_openidc",
  ES256: "P-256 (ES256)",
} as const;
type IdTokenAlgorithm = keyof typeof ID_TOKEN_ALGORITHMS;

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
  return (
    <div className="notice" role="status">
      <p>
        <strong>{app.client_name ?? app.client_id}</strong>: client id <code>{app.client_id}</code>
        {app.client_secret && (
          <>
            , secret <code>{app.client_secret}</code>. Copy the secret now: it is not shown again.
          </>
        )}
      </p>
    </div>
  );
}

function Grants({ clientId }: { clientId: string }): ReactElement {
  const grants = useOAuthAppGrants(clientId);
  if (grants.isPending) return <span className="muted small">Loading who approved it…</span>;
  if (grants.isError) return <span className="muted small">Approvals could not be read.</span>;
  if (grants.data.length === 0) return <span className="muted small">Nobody has approved it yet.</span>;
  return (
    <span className="muted small">
      Approved by {grants.data.length === 1 ? "1 person" : `${grants.data.length} people`}: {grants.data.map((grant) => grant.userEmail).join(", ")}
    </span>
  );
}

function AppRow({ app, onSecret }: { app: OAuthApp; onSecret: (app: OAuthApp) => void }): ReactElement {
  const rotate = useRotateAppSecret();
  const remove = useDeleteApp();
  const name = app.client_name ?? app.client_id;
  return (
    <li className="item">
      <div className="row">
        <div className="grow">
          <strong>{name}</strong>{" "}
          <span className="badge">{app.public ? "no secret" : app.grant_types.includes("client_credentials") ? "service" : "web app"}</span>
          <div className="muted small">
            <code>{app.client_id}</code>
            {app.redirect_uris.length > 0 && <> · returns to {app.redirect_uris.join(", ")}</>}
            {app.skip_consent && <> · first-party: no consent screen</>}
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
            label="Rotate secret"
            className="secondary"
            ariaLabel={`Rotate the secret of ${name}`}
            disabled={rotate.isPending}
            title={`Rotate the secret of ${name}?`}
            confirmLabel="Rotate secret"
            onConfirm={() => rotate.mutate(app.client_id, { onSuccess: (answer) => "client_id" in answer && onSecret(answer) })}
          >
            <p>The current secret stops working at once; the new one is shown once.</p>
          </ConfirmButton>
        )}
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete ${name}`}
          disabled={remove.isPending}
          title={`Delete ${name}?`}
          confirmLabel="Delete app"
          onConfirm={() => remove.mutate(app.client_id)}
        >
          <p>Its approvals and every token it holds end at once; people signed in through it are not signed out of it.</p>
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
        <h2 id="apps-heading">Apps</h2>
      </div>
      <p className="muted">Other apps that sign people in with their Gatehouse account (OpenID Connect). Only admins register them.</p>
      {shown && <SecretOnce app={shown} />}
      {apps.isPending ? (
        <LoadingState label="Loading apps…" />
      ) : apps.isError ? (
        <LoadError what="The apps" error={apps.error} onRetry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <EmptyState title="No app is registered yet." />
      ) : (
        <ul className="list" aria-label="Registered apps">
          {apps.data.map((app) => (
            <AppRow key={app.client_id} app={app} onSecret={setShown} />
          ))}
        </ul>
      )}
      <form className="stack" aria-label="Register an app" onSubmit={submit}>
        <h3>Register an app</h3>
        <div className="field">
          <label htmlFor="app-name">Name people see</label>
          <input id="app-name" required value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} placeholder="Team Wiki" />
        </div>
        <div className="field">
          <label htmlFor="app-kind">Kind</label>
          <select id="app-kind" value={kind} onChange={(event) => setKind(event.target.value as AppKind)}>
            {(Object.keys(KIND_LABELS) as AppKind[]).map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {kind !== "service" && (
          <>
            <div className="field">
              <label htmlFor="app-redirects">Addresses it sends people back to (one a line, exactly)</label>
              <textarea
                id="app-redirects"
                required
                value={form.redirects}
                onChange={(event) => setForm({ ...form, redirects: event.target.value })}
                placeholder="https://wiki.example.com/callback"
              />
            </div>
            <div className="field">
              <label htmlFor="app-logout">After signing out there, addresses it may send people to (optional)</label>
              <textarea id="app-logout" value={form.logout} onChange={(event) => setForm({ ...form, logout: event.target.value })} />
            </div>
            <div className="field">
              <label htmlFor="app-id-token-alg">ID token signature</label>
              <select
                id="app-id-token-alg"
                value={form.idTokenAlg}
                onChange={(event) => setForm({ ...form, idTokenAlg: event.target.value as IdTokenAlgorithm })}
              >
                {(Object.keys(ID_TOKEN_ALGORITHMS) as IdTokenAlgorithm[]).map((value) => (
                  <option key={value} value={value}>
                    {ID_TOKEN_ALGORITHMS[value]}
                  </option>
                ))}
              </select>
            </div>
            <label className="check">
              <input type="checkbox" checked={form.skipConsent} onChange={(event) => setForm({ ...form, skipConsent: event.target.checked })} /> First-party
              app: skip the consent screen
            </label>
          </>
        )}
        {register.isError && (
          <p className="notice error" role="alert">
            {adminActionError(register.error)}
          </p>
        )}
        <button type="submit" disabled={register.isPending}>
          {register.isPending ? "Registering…" : "Register app"}
        </button>
      </form>
    </section>
  );
}
