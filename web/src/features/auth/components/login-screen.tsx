import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactElement } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAuthClient } from "../../../lib/auth-client.js";
import type { MessageWords } from "../../../lib/sign-in-errors.js";
import { readLoginParams } from "../../../lib/login-params.js";
import { loadWebAuthnBrowser, signInWithPasskey, useSignInWithPasskey } from "../api/sign-in-passkey.js";
import { joinProviderNames, useSocialProviders, type SocialProvider } from "../../../lib/social-providers.js";
import { useSignInSocial } from "../api/sign-in-social.js";
import { useTranslation } from "../../../lib/i18n.js";
import { shellConfig, useBrand } from "../../../lib/shell-config.js";

/** The ways in for an address (password, mailed link, mailed code) load after the first paint (/login's first load has a 100 KB budget). */
const EmailWays = lazy(async () => ({ default: (await import("./email-sign-in-slot.js")).EmailWays }));
/** EMAIL_SIGN_IN: the question (the server's current answer) and "Create an account", after the first paint. */
const SignUpLink = lazy(async () => ({ default: (await import("./email-sign-in-slot.js")).SignUpLink }));
/** The language switcher arrives after the first paint too. */
const LanguageSwitcher = lazy(async () => ({ default: (await import("../../../components/language-switcher.js")).LanguageSwitcher }));
/** "Continue with <organization>'s single sign-on" for an address of a verified domain, after the first paint (in the ways' chunk). */
const SsoOffer = lazy(async () => ({ default: (await import("./email-sign-in-slot.js")).SsoOffer }));
/** The outcome in the address and the invitation the redirect leads to, after the first paint. */
const LoginNotices = lazy(async () => ({ default: (await import("./login-notices.js")).LoginNotices }));

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}

/**
 * Spec §1, §2: the sign-in screen offers Google and passkeys; passkey autofill on the email field.
 * Each other provider the server enables gets a button like Google's, after it. Identifier first
 * (issue 48): when the server offers ways in by email (EMAIL_SIGN_IN, MAGIC_LINK, EMAIL_OTP), the
 * one email field asks for the address, and Continue shows the ways this server allows for it.
 */
export function LoginScreen(): ReactElement {
  const [search] = useSearchParams();
  const params = readLoginParams(search, window.location.origin);
  const navigate = useNavigate();
  const client = useAuthClient();
  const providers = useSocialProviders();
  const social = useSignInSocial();
  const passkey = useSignInWithPasskey();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  /** The address Continue was pressed with: the ways in for it are shown. */
  const [identified, setIdentified] = useState<string | null>(null);
  /** On the way to an invitation: its address fills the field, and the invitation's own "Create an account" is the one way to make one. */
  const [invited, setInvited] = useState(false);
  const onInvitedEmail = useCallback((address: string) => {
    setEmail(address);
    setInvited(true);
  }, []);
  const { t } = useTranslation();
  const words: MessageWords = (key) => t(`auth.${key}`);
  /** Spec §8's words for what failed, in the shown language (loaded when something fails: not in the first load). */
  async function showError(error: unknown, way: "passkey" | "provider"): Promise<void> {
    const errors = await import("../../../lib/sign-in-errors.js");
    setMessage(way === "passkey" ? errors.passkeyErrorMessage(error, "authentication", words) : errors.signInErrorMessage(error, words));
  }
  const brand = useBrand();
  const offered = shellConfig().signIn;
  const emailWays = offered.email || offered.magicLink === true || offered.emailOtp === true;
  const destination = useRef(params.destination);
  destination.current = params.destination;
  const authorization = useRef(params.authorizationURL);
  authorization.current = params.authorizationURL;

  // The auth client already marked auth/session stale (spec §4); the guard refetches it.
  async function finishSignIn(): Promise<void> {
    // Another app's sign-in through Gatehouse: the server's authorize request continues it (to consent, or back to the app).
    if (authorization.current) return window.location.assign(authorization.current);
    await navigate(destination.current, { replace: true });
  }

  const title = t("login.title", { app: brand.name });
  useEffect(() => {
    document.title = title;
  }, [title]);

  // Spec §9: conditional UI. The browser offers saved passkeys in the email field's autofill.
  useEffect(() => {
    let active = true;
    void (async () => {
      const { browserSupportsWebAuthnAutofill } = await loadWebAuthnBrowser();
      if (!active || !(await browserSupportsWebAuthnAutofill()) || !active) return;
      try {
        await signInWithPasskey(client, { autofill: true });
        if (active) await finishSignIn();
      } catch (error) {
        if (active && !isAbort(error)) await showError(error, "passkey");
      }
    })();
    return () => {
      active = false;
      void loadWebAuthnBrowser().then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
    // Started once per visit to the screen (the client never changes).
  }, [client]);

  function onPasskey(event: FormEvent): void {
    event.preventDefault();
    setMessage(null);
    // A browser without WebAuthn: signInWithPasskey refuses with PasskeysUnsupportedError, shown below.
    passkey.mutate(
      { email: email.trim() || undefined },
      {
        onSuccess: () => void finishSignIn(),
        onError: (error) => void showError(error, "passkey"),
      },
    );
  }

  function onSocial(provider: SocialProvider): void {
    setMessage(null);
    social.mutate({ provider: provider.id, callbackURL: params.socialCallbackURL }, { onError: (error) => void showError(error, "provider") });
  }

  function onContinue(event: FormEvent): void {
    event.preventDefault();
    setMessage(null);
    if (email.trim()) setIdentified(email.trim());
  }

  const busy = social.isPending || passkey.isPending;
  const passkeyButton = (
    <button type={emailWays ? "button" : "submit"} className="wide secondary" disabled={busy} onClick={emailWays ? onPasskey : undefined}>
      {passkey.isPending ? t("login.passkey.waiting") : t("login.passkey.button")}
    </button>
  );
  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="login-heading">
        {brand.logoUrl && <img className="brand-logo" src={brand.logoUrl} alt="" />}
        <h1 id="login-heading">{t("login.heading", { app: brand.name })}</h1>
        {identified === null && (
          <p className="muted">
            {/* Many providers: their buttons name them. */}
            {emailWays
              ? t("login.lead.email")
              : providers.length > 3
                ? t("login.lead.many")
                : t("login.lead.providers", { providers: joinProviderNames(providers, t("login.or")) })}
          </p>
        )}
        <Suspense fallback={null}>
          <LoginNotices destination={params.destination} onInvitedEmail={onInvitedEmail} />
        </Suspense>
        {message && (
          <p className="notice error" role="alert">
            {message}
          </p>
        )}
        {identified !== null ? (
          <Suspense
            fallback={
              <p className="loading" role="status">
                {t("common.loading")}
              </p>
            }
          >
            <EmailWays
              email={identified}
              busy={busy}
              destination={params.authorizationURL ?? params.destination}
              onChangeEmail={() => setIdentified(null)}
              onSignedIn={() => void finishSignIn()}
              redirect={params.authorizationURL ?? (params.hasDestination ? params.destination : null)}
              passkeyButton={passkeyButton}
            />
          </Suspense>
        ) : (
          <>
            <div className="stack provider-buttons" role="group" aria-label={t("login.providers.group")}>
              {providers.map((provider) => (
                <button key={provider.id} type="button" className="wide" data-provider={provider.id} onClick={() => onSocial(provider)} disabled={busy}>
                  <img src={`/provider-marks/${provider.id}.svg`} alt="" />
                  {social.isPending && social.variables?.provider === provider.id
                    ? t("login.provider.opening", { provider: provider.name })
                    : t("login.provider.button", { provider: provider.name })}
                </button>
              ))}
            </div>
            <div className="divider" role="separator">
              <span>{t("login.or")}</span>
            </div>
            <form onSubmit={emailWays ? onContinue : onPasskey} className="stack">
              <label htmlFor="login-email">{emailWays ? t("login.email.label") : t("login.email.optional")}</label>
              <input
                id="login-email"
                name="email"
                type="email"
                required={emailWays}
                autoComplete="username webauthn"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                placeholder={t("login.email.placeholder")}
              />
              <Suspense fallback={null}>
                <SsoOffer email={email} />
              </Suspense>
              {emailWays && (
                <button type="submit" className="wide" disabled={busy}>
                  {t("login.continue")}
                </button>
              )}
              {emailWays ? (
                <>
                  <div className="divider" role="separator">
                    <span>{t("login.or")}</span>
                  </div>
                  {passkeyButton}
                </>
              ) : (
                passkeyButton
              )}
            </form>
            {offered.email && !invited && (
              <Suspense fallback={null}>
                <SignUpLink destination={params.hasDestination ? params.destination : null} />
              </Suspense>
            )}
          </>
        )}
        <Suspense fallback={null}>
          <LanguageSwitcher />
        </Suspense>
      </section>
    </main>
  );
}
