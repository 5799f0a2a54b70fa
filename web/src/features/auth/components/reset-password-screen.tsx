import { useEffect, useState, type FormEvent, type ReactElement } from "react";
import { NOTICE } from "../../../lib/url-outcomes.js";
import { Link, useNavigate, useSearchParams } from "react-router";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { messageForCode } from "../../../lib/messages-by-code.js";
import { useResetPassword } from "../api/reset-password.js";

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

  useEffect(() => {
    document.title = "Choose a new password · Gatehouse";
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
        <h1 id="reset-heading">Choose a new password</h1>
        {!usable ? (
          <>
            <p className="notice error" role="alert">
              {messageForCode("INVALID_TOKEN")}
            </p>
            <p>
              <Link to="/login">Back to sign-in</Link>, then choose <strong>Forgot password?</strong> to get a new link.
            </p>
          </>
        ) : (
          <form className="stack" onSubmit={onSubmit}>
            <p className="muted">Every session of your account is signed out when the password changes.</p>
            {(mismatch || reset.isError) && (
              <p className="notice error" role="alert">
                {mismatch ? "The two passwords are not the same." : actionErrorMessage(reset.error)}
              </p>
            )}
            <label htmlFor="reset-new">New password</label>
            <input
              id="reset-new"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <label htmlFor="reset-confirm">Repeat the new password</label>
            <input id="reset-confirm" type="password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <button type="submit" className="wide" disabled={reset.isPending}>
              {reset.isPending ? "Saving…" : "Save new password"}
            </button>
            <p>
              <Link to="/login">Back to sign-in</Link>
            </p>
          </form>
        )}
      </section>
    </main>
  );
}
