import { useEffect, useState, type FormEvent, type ReactElement } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ActionStatus } from "../../../components/ui.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { isAuthorizationContinuation, readLoginParams } from "../../../lib/login-params.js";
import { useSendSecondStepCode, useVerifySecondStep, type SecondStepMethod } from "../api/second-step.js";
import { useTranslation, type MessageId, type Translate } from "../../../lib/i18n.js";
import { useBrand } from "../../../lib/shell-config.js";

/** Codes that end the pending sign-in: the person signs in with the password again. */
const ENDED = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

function stepErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof AuthRequestError) {
    if (error.code && ENDED.has(error.code)) return t("tf.error.ended");
    if (error.code === "INVALID_CODE") return t("tf.error.code");
    if (error.code === "INVALID_BACKUP_CODE") return t("tf.error.backup");
    if (error.code === "OTP_HAS_EXPIRED") return t("tf.error.expired");
    // Right after a password reset the mailbox proves nothing more (docs/two-factor.md).
    if (error.code === "OTP_NOT_ENABLED") return t("tf.error.afterReset");
  }
  return actionErrorMessage(error);
}

/** Sending: at most three codes for one sign-in. */
function sendErrorMessage(error: unknown, t: Translate): string {
  if (error instanceof AuthRequestError && error.code === "TOO_MANY_REQUESTS") return t("tf.error.threeSent");
  return stepErrorMessage(error, t);
}

const METHODS: Array<{ id: SecondStepMethod; label: MessageId; hint: MessageId }> = [
  { id: "totp", label: "tf.totp", hint: "tf.totp.hint" },
  { id: "backup-code", label: "tf.backup", hint: "tf.backup.hint" },
  { id: "otp", label: "tf.otp", hint: "tf.otp.hint" },
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
  const { t } = useTranslation();
  const title = t("tf.title", { app: useBrand().name });

  useEffect(() => {
    document.title = title;
  }, [title]);

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
        <h1 id="two-factor-heading">{t("tf.heading")}</h1>
        <p className="muted">{t("tf.lead")}</p>
        <fieldset className="stack">
          <legend>{t("tf.how")}</legend>
          {METHODS.map((m) => (
            <label key={m.id} className="check">
              <input type="radio" name="two-factor-method" value={m.id} checked={method === m.id} onChange={() => choose(m.id)} /> {t(m.label)}
            </label>
          ))}
        </fieldset>
        {method === "otp" && (
          <div className="stack">
            <button type="button" className="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isSuccess ? t("tf.sendAnother") : t("tf.otp")}
            </button>
            <ActionStatus mutation={send} pending={t("common.sending")} success={t("tf.sent")} errorMessage={(error) => sendErrorMessage(error, t)} />
          </div>
        )}
        <form className="stack" onSubmit={submit}>
          <label htmlFor="two-factor-code">{method === "backup-code" ? t("tf.backup") : t("tf.code")}</label>
          <p id="two-factor-code-hint" className="muted small">
            {t(hint)}
          </p>
          <input
            id="two-factor-code"
            aria-describedby="two-factor-code-hint"
            inputMode={method === "backup-code" ? "text" : "numeric"}
            autoComplete="one-time-code"
            required
            // A backup code is 13 characters (`xxxxxx-xxxxxx`); room for spaces and an old 11-character one.
            maxLength={method === "backup-code" ? 20 : 6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <label className="check">
            <input type="checkbox" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} /> {t("tf.trust")}
          </label>
          <button type="submit" className="wide" disabled={verify.isPending}>
            {verify.isPending ? t("tf.checking") : t("tf.verify")}
          </button>
          <ActionStatus mutation={verify} pending={t("tf.checking")} success={t("tf.signedIn")} errorMessage={(error) => stepErrorMessage(error, t)} />
        </form>
        <p>
          <Link to={ended ? `/login?${search.toString()}` : "/login"}>{ended ? t("tf.again") : t("reset.back")}</Link>
        </p>
      </section>
    </main>
  );
}
