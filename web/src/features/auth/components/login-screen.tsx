import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactElement } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAuthClient } from "../../../lib/auth-client.js";
import { passkeyErrorMessage, signInErrorMessage } from "../../../lib/auth-errors.js";
import { readLoginParams } from "../../../lib/login-params.js";
import { loadWebAuthnBrowser, signInWithPasskey, useSignInWithPasskey } from "../api/sign-in-passkey.js";
import { joinProviderNames, useSocialProviders, type SocialProvider } from "../../../lib/social-providers.js";
import { useSignInSocial } from "../api/sign-in-social.js";

/** EMAIL_SIGN_IN: the question and the panel load after the first paint (/login's first load has a 100 KB budget). */
const EmailSignInSlot = lazy(async () => ({ default: (await import("./email-sign-in-slot.js")).EmailSignInSlot }));
/** The outcome in the address and the invitation the redirect leads to, after the first paint. */
const LoginNotices = lazy(async () => ({ default: (await import("./login-notices.js")).LoginNotices }));

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
}

/**
 * Spec §1, §2: the sign-in screen offers Google and passkeys; passkey autofill on the email field.
 * Each other provider the server enables gets a button like Google's, after it.
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

  useEffect(() => {
    document.title = "Sign in · Gatehouse";
  }, []);

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
        if (active && !isAbort(error)) setMessage(passkeyErrorMessage(error, "authentication"));
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
        onError: (error) => setMessage(passkeyErrorMessage(error, "authentication")),
      },
    );
  }

  function onSocial(provider: SocialProvider): void {
    setMessage(null);
    social.mutate({ provider: provider.id, callbackURL: params.socialCallbackURL }, { onError: (error) => setMessage(signInErrorMessage(error)) });
  }

  const busy = social.isPending || passkey.isPending;
  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Sign in to Gatehouse</h1>
        <p className="muted">
          {/* Many providers: their buttons name them. */}
          Use {providers.length > 3 ? "an account with one of the providers below" : `your ${joinProviderNames(providers)} account`} or a passkey saved on this
          device.
        </p>
        <Suspense fallback={null}>
          <LoginNotices destination={params.destination} />
        </Suspense>
        {message && (
          <p className="notice error" role="alert">
            {message}
          </p>
        )}
        <div className="stack provider-buttons" role="group" aria-label="Sign in with an account you have">
          {providers.map((provider) => (
            <button key={provider.id} type="button" className="wide" data-provider={provider.id} onClick={() => onSocial(provider)} disabled={busy}>
              <img src={`/provider-marks/${provider.id}.svg`} alt="" />
              {social.isPending && social.variables?.provider === provider.id ? `Opening ${provider.name}…` : `Sign in with ${provider.name}`}
            </button>
          ))}
        </div>
        <div className="divider" role="separator">
          <span>or</span>
        </div>
        <form onSubmit={onPasskey} className="stack">
          <label htmlFor="login-email">Email (optional), for a passkey on another device or a security key</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username webauthn"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@example.com"
          />
          <button type="submit" className="wide secondary" disabled={busy}>
            {passkey.isPending ? "Waiting for your passkey…" : "Sign in with passkey"}
          </button>
        </form>
        <Suspense fallback={null}>
          <EmailSignInSlot
            busy={busy}
            onSignedIn={() => void finishSignIn()}
            redirect={params.authorizationURL ?? (params.hasDestination ? params.destination : null)}
          />
        </Suspense>
      </section>
    </main>
  );
}
