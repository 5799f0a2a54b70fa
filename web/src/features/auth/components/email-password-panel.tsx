import { useState, type FormEvent, type ReactElement } from "react";
import { actionErrorMessage } from "../../../lib/error-messages.js";
import { useSignInEmail } from "../api/sign-in-email.js";
import { useSignUpEmail } from "../api/sign-up-email.js";
import { useRequestPasswordReset } from "../api/request-password-reset.js";

type Mode = "sign-in" | "sign-up" | "forgot";

const HEADINGS: Record<Mode, string> = {
  "sign-in": "Sign in with email and password",
  "sign-up": "Create an account",
  forgot: "Reset your password",
};

export interface EmailPasswordPanelProps {
  /** After a sign-in or a new account: on to the destination. */
  onSignedIn: () => void;
  /** The password was right and a second factor is due (`{ twoFactorRedirect: true }`). */
  onSecondFactor: () => void;
  /** Disabled while another sign-in is under way. */
  busy: boolean;
}

/**
 * EMAIL_SIGN_IN=on: sign in with email and password, create an account (the verification mail
 * goes out, spec §4), or ask for a reset link (spec §2, §7). One form at a time; links switch.
 */
export function EmailPasswordPanel({ onSignedIn, onSecondFactor, busy }: EmailPasswordPanelProps): ReactElement {
  const [mode, setMode] = useState<Mode>("sign-in");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(true);
  const signIn = useSignInEmail();
  const signUp = useSignUpEmail();
  const reset = useRequestPasswordReset();
  const pending = signIn.isPending || signUp.isPending || reset.isPending;
  const error = mode === "sign-in" ? signIn.error : mode === "sign-up" ? signUp.error : reset.error;

  function switchTo(next: Mode): void {
    signIn.reset();
    signUp.reset();
    reset.reset();
    setPassword("");
    setMode(next);
  }

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    const address = email.trim();
    if (mode === "sign-in") {
      signIn.mutate({ email: address, password, rememberMe }, { onSuccess: (answer) => (answer.twoFactorRedirect === true ? onSecondFactor() : onSignedIn()) });
    } else if (mode === "sign-up") {
      signUp.mutate({ name: name.trim() || address, email: address, password }, { onSuccess: () => onSignedIn() });
    } else {
      reset.mutate({ email: address });
    }
  }

  return (
    <section className="stack" aria-labelledby="email-sign-in-heading">
      <h2 id="email-sign-in-heading" className="login-subheading">
        {HEADINGS[mode]}
      </h2>
      {error && (
        <p className="notice error" role="alert">
          {actionErrorMessage(error)}
        </p>
      )}
      {mode === "forgot" && reset.isSuccess ? (
        <p className="notice success" role="status">
          If an account uses {email.trim()}, a link to choose a new password is on its way there. The link works once.
        </p>
      ) : (
        <form className="stack" onSubmit={onSubmit}>
          {mode === "sign-up" && (
            <>
              <label htmlFor="email-sign-in-name">Name</label>
              <input id="email-sign-in-name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            </>
          )}
          <label htmlFor="email-sign-in-email">Email</label>
          <input
            id="email-sign-in-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
          {mode !== "forgot" && (
            <>
              <label htmlFor="email-sign-in-password">Password</label>
              <input
                id="email-sign-in-password"
                name="password"
                type="password"
                required
                minLength={mode === "sign-up" ? 8 : undefined}
                autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
                aria-describedby={mode === "sign-up" ? "email-sign-in-password-hint" : undefined}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              {mode === "sign-up" && (
                <p id="email-sign-in-password-hint" className="hint">
                  At least 8 characters. We'll send a link to this address to verify it.
                </p>
              )}
            </>
          )}
          {mode === "sign-in" && (
            <label className="check">
              <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} /> Keep me signed in
            </label>
          )}
          <button type="submit" className="wide" disabled={busy || pending}>
            {mode === "sign-in"
              ? signIn.isPending
                ? "Signing in…"
                : "Sign in"
              : mode === "sign-up"
                ? signUp.isPending
                  ? "Creating your account…"
                  : "Create account"
                : reset.isPending
                  ? "Sending…"
                  : "Send reset link"}
          </button>
        </form>
      )}
      <p className="login-links">
        {mode !== "sign-in" && (
          <button type="button" className="link" onClick={() => switchTo("sign-in")}>
            Sign in with a password
          </button>
        )}
        {mode !== "forgot" && (
          <button type="button" className="link" onClick={() => switchTo("forgot")}>
            Forgot password?
          </button>
        )}
        {mode !== "sign-up" && (
          <button type="button" className="link" onClick={() => switchTo("sign-up")}>
            Create an account
          </button>
        )}
      </p>
    </section>
  );
}
