import { useEffect, useState, type FormEvent, type ReactElement, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useSignInMethods } from "../../../lib/sign-in-methods.js";
import { useTranslation, type Translate } from "../../../lib/i18n.js";
import { useBrand, shellConfig } from "../../../lib/shell-config.js";
import { readLoginParams } from "../../../lib/login-params.js";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { AuthRequestError } from "../../../lib/auth-errors.js";
import { LanguageSwitcher } from "../../../components/language-switcher.js";
import { useSignInEmail } from "../api/sign-in-email.js";
import { useSignUpEmail } from "../api/sign-up-email.js";
import { useRequestPasswordReset } from "../api/request-password-reset.js";
import { useSendEmailCode, useSendMagicLink, useSignInWithEmailCode, useVerifyEmailWithCode } from "../api/passwordless.js";

import { SsoOffer } from "./sso-offer.js";

/** /login's single sign-on offer comes with this chunk: its loader beside the ways' costs the first load next to nothing. */
export { SsoOffer };

/** /reset-password comes with this chunk: one more lazy chunk would cost /login's first load. */
export { ResetPasswordScreen } from "./reset-password-screen.js";

/** Codes whose words the front door has in every language; others keep the server's (translated) sentence. */
const TRANSLATED_CODES = new Set([
  "INVALID_EMAIL",
  "INVALID_EMAIL_OR_PASSWORD",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_COMPROMISED",
  "USER_ALREADY_EXISTS",
  "INVALID_OTP",
  "OTP_EXPIRED",
  "TOO_MANY_ATTEMPTS",
  "TOO_MANY_REQUESTS",
  "BANNED_USER",
]);

/** A refusal in the shown language: the front door's words for its codes, else the server's sentence (it answers in the same language). */
function frontDoorError(error: unknown, t: Translate): string {
  if (error instanceof AuthRequestError && error.status === 429 && error.retryAfterSeconds !== null) {
    const seconds = error.retryAfterSeconds;
    return seconds < 90 ? t("error.wait.seconds", { seconds }) : t("error.wait.minutes", { minutes: Math.ceil(seconds / 60) });
  }
  if (error instanceof AuthRequestError && error.code && TRANSLATED_CODES.has(error.code)) {
    return t(`error.${error.code}` as Parameters<Translate>[0]);
  }
  return actionErrorMessage(error);
}

function ErrorNotice({ error }: { error: unknown }): ReactElement | null {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="notice error" role="alert">
      {frontDoorError(error, t)}
    </p>
  );
}

/** A password field with Show/Hide (the button says which, and is pressed while shown). */
function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  describedBy?: string;
  minLength?: number;
}): ReactElement {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="password-field">
        <input
          id={props.id}
          name="password"
          type={shown ? "text" : "password"}
          required
          minLength={props.minLength}
          autoComplete={props.autoComplete}
          aria-describedby={props.describedBy}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <button type="button" className="secondary" aria-pressed={shown} aria-controls={props.id} onClick={() => setShown(!shown)}>
          {shown ? t("password.hide") : t("password.show")}
        </button>
      </div>
    </>
  );
}

/** A six-digit code from a mail: the form that takes it. */
function CodeForm(props: { id: string; label: string; submit: string; pending: boolean; onSubmit: (code: string) => void }): ReactElement {
  const [code, setCode] = useState("");
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit(code.replace(/\s+/g, ""));
      }}
    >
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" className="wide" disabled={props.pending}>
        {props.submit}
      </button>
    </form>
  );
}

export interface EmailWaysProps {
  email: string;
  /** Disabled while another sign-in is under way. */
  busy: boolean;
  /** Where a mailed link should land once it signed the person in. */
  destination: string;
  /** The sanitised redirect of /login, when it named one: the two-factor page keeps it. */
  redirect: string | null;
  onChangeEmail: () => void;
  onSignedIn: () => void;
  /** The screen's own passkey button (its ceremony and its errors stay the screen's). */
  passkeyButton: ReactNode;
}

type Step = "ways" | "forgot" | "code";

/**
 * Identifier first, step two: the ways in this server offers for the address (a password, a
 * mailed sign-in link, a mailed code, a passkey). Which ways an address's own account has is
 * not told: nothing on this screen says whether an address has an account.
 */
export function EmailWays({ email, busy, destination, redirect, onChangeEmail, onSignedIn, passkeyButton }: EmailWaysProps): ReactElement {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("ways");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(true);
  const signIn = useSignInEmail();
  const reset = useRequestPasswordReset();
  const magicLink = useSendMagicLink();
  const sendCode = useSendEmailCode();
  const codeSignIn = useSignInWithEmailCode();
  const pending = signIn.isPending || reset.isPending || magicLink.isPending || sendCode.isPending || codeSignIn.isPending;
  // The two-factor page (built beside this one) finishes the sign-in and goes on to the redirect.
  const toSecondFactor = (): void => void navigate(`/two-factor${redirect ? `?${new URLSearchParams({ redirect })}` : ""}`);

  function onPassword(event: FormEvent): void {
    event.preventDefault();
    signIn.mutate({ email, password, rememberMe }, { onSuccess: (answer) => (answer.twoFactorRedirect === true ? toSecondFactor() : onSignedIn()) });
  }

  const identified = (
    <p className="identified">
      <span>{t("ways.as", { email })}</span>{" "}
      <button type="button" className="link" onClick={onChangeEmail}>
        {t("ways.change")}
      </button>
    </p>
  );

  if (step === "forgot") {
    return (
      <section className="stack" aria-labelledby="email-ways-heading">
        <h2 id="email-ways-heading" className="login-subheading">
          {t("forgot.heading")}
        </h2>
        {identified}
        <ErrorNotice error={reset.error} />
        {reset.isSuccess ? (
          <p className="notice success" role="status">
            {t("forgot.sent", { email })}
          </p>
        ) : (
          <button type="button" className="wide" disabled={busy || pending} onClick={() => reset.mutate({ email })}>
            {reset.isPending ? t("common.sending") : t("forgot.send")}
          </button>
        )}
        <p className="login-links">
          <button type="button" className="link" onClick={() => setStep("ways")}>
            {t("forgot.back")}
          </button>
        </p>
      </section>
    );
  }

  if (step === "code") {
    return (
      <section className="stack" aria-labelledby="email-ways-heading">
        <h2 id="email-ways-heading" className="login-subheading">
          {t("inbox.heading")}
        </h2>
        {identified}
        <p className="notice success" role="status">
          {t("code.sent", { email })}
        </p>
        <ErrorNotice error={codeSignIn.error ?? sendCode.error} />
        <CodeForm
          id="email-code"
          label={t("code.label")}
          submit={codeSignIn.isPending ? t("common.signingIn") : t("code.submit")}
          pending={busy || pending}
          onSubmit={(otp) => codeSignIn.mutate({ email, otp }, { onSuccess: () => onSignedIn() })}
        />
        <p className="login-links">
          <button type="button" className="link" disabled={pending} onClick={() => sendCode.mutate({ email, type: "sign-in" })}>
            {t("code.again")}
          </button>
        </p>
      </section>
    );
  }

  const mailed = methods.magicLink === true || methods.emailOtp === true;
  return (
    <section className="stack" aria-labelledby="email-ways-heading">
      <h2 id="email-ways-heading" className="login-subheading">
        {t("ways.heading")}
      </h2>
      {identified}
      {/* An address of a verified domain: its organization's single sign-on first, the other ways after. */}
      <SsoOffer email={email} />
      {methods.email && (
        <form className="stack" onSubmit={onPassword} aria-label={t("ways.password.form")}>
          <ErrorNotice error={signIn.error} />
          <PasswordField id="email-sign-in-password" label={t("password.label")} value={password} onChange={setPassword} autoComplete="current-password" />
          <label className="check">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} /> {t("ways.remember")}
          </label>
          <button type="submit" className="wide" disabled={busy || pending}>
            {signIn.isPending ? t("common.signingIn") : t("ways.password.submit")}
          </button>
          <p className="login-links">
            <button type="button" className="link" onClick={() => setStep("forgot")}>
              {t("ways.forgot")}
            </button>
          </p>
        </form>
      )}
      {methods.email && mailed && (
        <div className="divider" role="separator">
          <span>{t("login.or")}</span>
        </div>
      )}
      <ErrorNotice error={magicLink.error ?? (step === "ways" ? sendCode.error : null)} />
      {magicLink.isSuccess && (
        <p className="notice success" role="status">
          {t("link.sent", { email })}
        </p>
      )}
      {methods.magicLink === true && !magicLink.isSuccess && (
        <button type="button" className="wide secondary" disabled={busy || pending} onClick={() => magicLink.mutate({ email, callbackURL: destination })}>
          {magicLink.isPending ? t("common.sending") : t("ways.link")}
        </button>
      )}
      {methods.emailOtp === true && (
        <button
          type="button"
          className="wide secondary"
          disabled={busy || pending}
          onClick={() => sendCode.mutate({ email, type: "sign-in" }, { onSuccess: () => setStep("code") })}
        >
          {sendCode.isPending ? t("common.sending") : t("ways.code")}
        </button>
      )}
      {passkeyButton}
    </section>
  );
}

/** EMAIL_SIGN_IN: "New here? Create an account", asked of the server after the first paint. */
export function SignUpLink({ destination }: { destination: string | null }): ReactElement | null {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  if (!methods.email) return null;
  return (
    <p className="login-links">
      <span>{t("signup.prompt")}</span>
      <Link to={`/sign-up${destination ? `?${new URLSearchParams({ redirect: destination })}` : ""}`}>{t("signup.link")}</Link>
    </p>
  );
}

/** The rules a new password must meet, shown before submit and checked as the person types. */
function PasswordRules({ id, password, minLength, t }: { id: string; password: string; minLength: number; t: Translate }): ReactElement {
  const rules = [
    { met: password.length >= minLength, text: t("signup.rule.length", { min: minLength }) },
    { met: password.length > 0 && password.length <= 128, text: t("signup.rule.max") },
    { met: null, text: t("signup.rule.common") },
  ];
  return (
    <ul id={id} className="password-rules">
      {rules.map((rule) => (
        <li key={rule.text} data-met={rule.met === null ? undefined : String(rule.met)}>
          {rule.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * /sign-up (EMAIL_SIGN_IN=on): its own screen and heading; the password's rules before submit,
 * Show password; then "Check your inbox" (the verification link, or a mailed code with EMAIL_OTP).
 */
export function SignUpScreen(): ReactElement {
  const { t } = useTranslation();
  const brand = useBrand();
  const methods = useSignInMethods();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = readLoginParams(search, window.location.origin);
  const minLength = shellConfig().passwordMinLength;
  const [name, setName] = useState("");
  const [email, setEmail] = useState(search.get("email") ?? "");
  const [password, setPassword] = useState("");
  const signUp = useSignUpEmail();
  const sendCode = useSendEmailCode();
  const verify = useVerifyEmailWithCode();
  const created = signUp.isSuccess;
  const title = t(created ? "inbox.title" : "signup.title", { app: brand.name });
  useEffect(() => {
    document.title = title;
  }, [title]);

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    const address = email.trim();
    signUp.mutate({ name: name.trim() || address, email: address, password });
  }
  const goOn = (): void => void navigate(params.destination, { replace: true });
  const loginLink = `/login${params.hasDestination ? `?${new URLSearchParams({ redirect: params.destination })}` : ""}`;

  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="signup-heading">
        {brand.logoUrl && <img className="brand-logo" src={brand.logoUrl} alt="" />}
        {created ? (
          <>
            <h1 id="signup-heading">{t("inbox.heading")}</h1>
            <p>{t("inbox.link", { email: email.trim() })}</p>
            {methods.emailOtp === true && (
              <>
                {verify.isSuccess ? (
                  <p className="notice success" role="status">
                    {t("inbox.verified")}
                  </p>
                ) : sendCode.isSuccess ? (
                  <>
                    <ErrorNotice error={verify.error} />
                    <CodeForm
                      id="verify-code"
                      label={t("code.label")}
                      submit={t("inbox.verify")}
                      pending={verify.isPending}
                      onSubmit={(otp) => verify.mutate({ email: email.trim(), otp })}
                    />
                  </>
                ) : (
                  <button
                    type="button"
                    className="secondary wide"
                    disabled={sendCode.isPending}
                    onClick={() => sendCode.mutate({ email: email.trim(), type: "email-verification" })}
                  >
                    {t("inbox.codeInstead")}
                  </button>
                )}
              </>
            )}
            <button type="button" className="wide" onClick={goOn}>
              {t("inbox.continue", { app: brand.name })}
            </button>
          </>
        ) : (
          <>
            <h1 id="signup-heading">{t("signup.heading", { app: brand.name })}</h1>
            <ErrorNotice error={signUp.error} />
            <form className="stack" onSubmit={onSubmit}>
              <label htmlFor="sign-up-name">{t("signup.name")}</label>
              <input id="sign-up-name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
              <label htmlFor="sign-up-email">{t("login.email.label")}</label>
              <input
                id="sign-up-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder={t("login.email.placeholder")}
              />
              <PasswordField
                id="sign-up-password"
                label={t("password.label")}
                value={password}
                onChange={setPassword}
                autoComplete="new-password"
                describedBy="sign-up-password-rules"
                minLength={minLength}
              />
              <PasswordRules id="sign-up-password-rules" password={password} minLength={minLength} t={t} />
              <button type="submit" className="wide" disabled={signUp.isPending}>
                {signUp.isPending ? t("signup.creating") : t("signup.submit")}
              </button>
            </form>
            <p className="login-links">
              <span>{t("signup.haveAccount")}</span>
              <Link to={loginLink}>{t("signup.signIn")}</Link>
            </p>
          </>
        )}
        <LanguageSwitcher />
      </section>
    </main>
  );
}
