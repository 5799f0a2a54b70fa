import { useEffect, useState, type FormEvent, type ReactElement } from "react";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { Link, useNavigate, useSearchParams } from "react-router";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { useResetPassword } from "../api/reset-password.js";
import { useTranslation } from "../../../lib/i18n.js";
import { useBrand } from "../../../lib/shell-config.js";

/**
 * /reset-password: where the mailed link lands, through GET /api/auth/reset-password/{token}
 * (spec §2), with ?token= or ?error=INVALID_TOKEN. The token leaves the address at once (it stays
 * in memory only); a new password is chosen twice; then on to /login, which says it worked.
 */
export function ResetPasswordScreen(): ReactElement {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => search.get("token"));
  const [linkError] = useState(() => search.get("error"));
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const reset = useResetPassword();
  const { t } = useTranslation();
  const title = t("reset.title", { app: useBrand().name });

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // The token is a credential: no history entry, no referrer, no screenshot of the bar keeps it.
    if (search.has("token") || search.has("error")) setSearch({}, { replace: true });
  }, []);

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    if (newPassword !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    if (!token) return;
    reset.mutate({ newPassword, token }, { onSuccess: () => void navigate(`/login?notice=${NOTICE.passwordReset}`, { replace: true }) });
  }

  const usable = token !== null && linkError === null;
  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">{t("reset.heading")}</h1>
        {!usable ? (
          <>
            <p className="notice error" role="alert">
              {t("reset.invalid")}
            </p>
            <p>
              <Link to="/login">{t("reset.back")}</Link> {t("reset.again")}
            </p>
          </>
        ) : (
          <form className="stack" onSubmit={onSubmit}>
            <p className="muted">{t("reset.sessions")}</p>
            {(mismatch || reset.isError) && (
              <p className="notice error" role="alert">
                {mismatch ? t("reset.mismatch") : actionErrorMessage(reset.error)}
              </p>
            )}
            <label htmlFor="reset-new">{t("reset.new")}</label>
            <input
              id="reset-new"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <label htmlFor="reset-confirm">{t("reset.repeat")}</label>
            <input id="reset-confirm" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <button type="submit" className="wide" disabled={reset.isPending}>
              {reset.isPending ? t("reset.saving") : t("reset.save")}
            </button>
            <p>
              <Link to="/login">{t("reset.back")}</Link>
            </p>
          </form>
        )}
      </section>
    </main>
  );
}
