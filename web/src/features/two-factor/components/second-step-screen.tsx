import { useEffect, useState, type FormEvent, type ReactElement } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ActionStatus } from "../../../components/ui.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { isAuthorizationContinuation, readLoginParams } from "../../../lib/login-params.js";
import { useSendSecondStepCode, useVerifySecondStep, type SecondStepMethod } from "../api/second-step.js";

/** Codes that end the pending sign-in: the person signs in with the password again. */
const ENDED = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

function stepErrorMessage(error: unknown): string {
  if (error instanceof AuthRequestError) {
    if (error.code && ENDED.has(error.code)) return "This sign-in has ended (too many tries, or more than 10 minutes). Sign in again.";
    if (error.code === "INVALID_CODE") return "That code is not right. Try again.";
    if (error.code === "INVALID_BACKUP_CODE") return "That backup code is not right, or it was used already.";
    if (error.code === "OTP_HAS_EXPIRED") return "That code has expired, or none was sent. Send a new one.";
    // Right after a password reset the mailbox proves nothing more (docs/two-factor.md).
    if (error.code === "OTP_NOT_ENABLED")
      return "After a password reset, a code by email cannot finish the sign-in. Use your authenticator app or a backup code.";
  }
  return actionErrorMessage(error);
}

/** Sending: at most three codes for one sign-in. */
function sendErrorMessage(error: unknown): string {
  if (error instanceof AuthRequestError && error.code === "TOO_MANY_REQUESTS")
    return "Three codes were sent for this sign-in. Use the last one, or sign in again.";
  return stepErrorMessage(error);
}

const METHODS: Array<{ id: SecondStepMethod; label: string; hint: string }> = [
  { id: "totp", label: "Authenticator app", hint: "The 6-digit code your app shows now." },
  { id: "backup-code", label: "Backup code", hint: "One of the codes you saved when you set up two-factor (each works once)." },
  { id: "otp", label: "Email me a code", hint: "We mail a 6-digit code to your address; it works for 3 minutes." },
];

/**
 * /two-factor: the second step of a sign-in, reached when a password sign-in answers
 * `twoFactorRedirect`, and where a provider's callback (or an email link's sign-in) sends the
 * browser of a person with two-factor on, with `?redirect=` the destination. The pending step
 * lives in an HttpOnly cookie this page never sees.
 */
export function SecondStepScreen(): ReactElement {
  const [search] = useSearchParams();
  const params = readLoginParams(search, window.location.origin);
  const navigate = useNavigate();
  const verify = useVerifySecondStep();
  const send = useSendSecondStepCode();
  const [method, setMethod] = useState<SecondStepMethod>("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);

  useEffect(() => {
    document.title = "Two-factor · Gatehouse";
  }, []);

  function submit(event: FormEvent): void {
    event.preventDefault();
    verify.mutate(
      { method, code, trustDevice },
      {
        // An app's authorization through Gatehouse goes on at the server (to consent, or back to the app).
        onSuccess: () =>
          isAuthorizationContinuation(params.destination) ? window.location.assign(params.destination) : void navigate(params.destination, { replace: true }),
      },
    );
  }

  function choose(next: SecondStepMethod): void {
    setMethod(next);
    setCode("");
    verify.reset();
  }

  const ended = verify.error instanceof AuthRequestError && verify.error.code !== null && ENDED.has(verify.error.code);
  const hint = METHODS.find((m) => m.id === method)!.hint;
  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="two-factor-heading">
        <h1 id="two-factor-heading">Two-factor authentication</h1>
        <p className="muted">The first step of your sign-in was right. Finish it with a second step.</p>
        <fieldset className="stack">
          <legend>How do you want to confirm?</legend>
          {METHODS.map((m) => (
            <label key={m.id} className="check">
              <input type="radio" name="two-factor-method" value={m.id} checked={method === m.id} onChange={() => choose(m.id)} /> {m.label}
            </label>
          ))}
        </fieldset>
        {method === "otp" && (
          <div className="stack">
            <button type="button" className="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isSuccess ? "Send another code" : "Email me a code"}
            </button>
            <ActionStatus mutation={send} pending="Sending…" success="Code sent. Check your email." errorMessage={sendErrorMessage} />
          </div>
        )}
        <form className="stack" onSubmit={submit}>
          <label htmlFor="two-factor-code">{method === "backup-code" ? "Backup code" : "Code"}</label>
          <p id="two-factor-code-hint" className="muted small">
            {hint}
          </p>
          <input
            id="two-factor-code"
            aria-describedby="two-factor-code-hint"
            inputMode={method === "backup-code" ? "text" : "numeric"}
            autoComplete="one-time-code"
            required
            maxLength={method === "backup-code" ? 11 : 6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <label className="check">
            <input type="checkbox" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} /> Trust this device for 30 days
          </label>
          <button type="submit" className="wide" disabled={verify.isPending}>
            {verify.isPending ? "Checking…" : "Verify"}
          </button>
          <ActionStatus mutation={verify} pending="Checking…" success="Signed in." errorMessage={stepErrorMessage} />
        </form>
        <p>
          <Link to={ended ? `/login?${search.toString()}` : "/login"}>{ended ? "Sign in again" : "Back to sign-in"}</Link>
        </p>
      </section>
    </main>
  );
}
