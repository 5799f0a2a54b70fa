import { richText } from "../../../components/ui.js";
import { useEffect, type ReactElement } from "react";
import { useSearchParams } from "react-router";
import { useAnswerConsent, usePublicApp } from "../api/consent.js";
import { scopeInWords } from "../scope-words.js";
import { useTranslation } from "../../../lib/i18n.js";
import { useBrand } from "../../../lib/shell-config.js";

/** The address an app sends the person back to, as its origin (what a person can judge). */
function originOf(uri: string | null): string | null {
  if (!uri) return null;
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

/**
 * /consent?<authorization query>: another app asks to sign the person in through Gatehouse. The
 * screen names the app (its name, logo and the address it sends them back to) and what each
 * requested scope gives, in words; Allow or Deny posts the answer and follows it back to the app.
 */
export function ConsentScreen(): ReactElement {
  const [search] = useSearchParams();
  const clientId = search.get("client_id");
  const app = usePublicApp(clientId);
  const answer = useAnswerConsent();
  const scopes = [...new Set((search.get("scope") ?? "").split(" ").filter(Boolean))];
  const returnsTo = originOf(search.get("redirect_uri"));
  const { t } = useTranslation();
  const brand = useBrand();
  const name = app.data?.client_name ?? t("apps.anApp");
  const title = t("consent.title", { app: brand.name });

  useEffect(() => {
    document.title = title;
  }, [title]);

  function respond(accept: boolean): void {
    answer.mutate({ accept, oauthQuery: search.toString() }, { onSuccess: ({ url }) => window.location.assign(url) });
  }

  if (!clientId || app.isError) {
    return (
      <main id="main" className="login">
        <section className="card login-card">
          <h1>{t("consent.unknown.heading")}</h1>
          <p className="notice error" role="alert">
            {t("consent.unknown.body", { app: brand.name })}
          </p>
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="consent-heading">
        {app.data?.logo_uri && <img className="app-logo" src={app.data.logo_uri} alt="" width={48} height={48} />}
        <h1 id="consent-heading">{app.isPending ? t("common.loading") : t("consent.heading", { name, app: brand.name })}</h1>
        {returnsTo && (
          <p className="muted">
            {richText(t("consent.returnsTo", { origin: returnsTo }), (origin) => (
              <strong>{origin}</strong>
            ))}
          </p>
        )}
        <p>{t("consent.mayDo", { name })}</p>
        <ul className="scope-list">
          {scopes.map((scope) => (
            <li key={scope}>{scopeInWords(scope)}</li>
          ))}
        </ul>
        <p className="muted">{t("consent.disconnectLater")}</p>
        {answer.isError && (
          <p className="notice error" role="alert">
            {t("consent.notSent", { message: answer.error.message })}
          </p>
        )}
        <div className="row">
          <button type="button" onClick={() => respond(true)} disabled={answer.isPending || app.isPending}>
            {t("consent.allow")}
          </button>
          <button type="button" className="secondary" onClick={() => respond(false)} disabled={answer.isPending || app.isPending}>
            {t("consent.deny")}
          </button>
        </div>
      </section>
    </main>
  );
}
