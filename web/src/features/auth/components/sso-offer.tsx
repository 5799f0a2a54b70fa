import { useEffect, useState, type ReactElement } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../../lib/i18n.js";
import { readLoginParams } from "../../../lib/login-params.js";
import { signInErrorMessage } from "../../../lib/sign-in-errors.js";
import { domainOfTyped, useSignInSso, useSsoDomain } from "../api/sign-in-sso.js";

/** How long the typing pauses before the card asks about a domain. */
const SETTLE_MS = 300;

/**
 * Under /login's email field: "Continue with <organization>'s single sign-on" once the typed
 * address's domain is one an organization verified for its identity provider (issue 47). It is
 * offered, not forced: the person may also have a password, a passkey or a provider account, which
 * the card cannot know without telling whether an account exists. It comes back to the redirect
 * as a provider's sign-in does. Loaded after the first paint (/login's 100 KB budget).
 */
export function SsoOffer({ email }: { email: string }): ReactElement | null {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const typed = domainOfTyped(email);
  const [domain, setDomain] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDomain(typed), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const organization = useSsoDomain(typed === domain ? domain : null);
  const signIn = useSignInSso();
  if (organization === null) return null;
  const start = (): void => signIn.mutate({ email: email.trim(), callbackURL: readLoginParams(search, window.location.origin).socialCallbackURL });
  return (
    <>
      <button type="button" className="wide" data-sso disabled={signIn.isPending} onClick={start}>
        {signIn.isPending ? t("login.sso.opening", { organization }) : t("login.sso.button", { organization })}
      </button>
      {signIn.isError && (
        <p className="notice error" role="alert">
          {signInErrorMessage(signIn.error, (key) => t(`auth.${key}`))}
        </p>
      )}
    </>
  );
}
