import { Fragment, useEffect, type ReactElement, type ReactNode } from "react";
import { useLocation } from "react-router";
import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { useSession } from "../../features/auth/api/get-session.js";
import { useLinkedAccounts } from "../../features/accounts/api/list-accounts.js";
import { LinkedAccountsSection } from "../../features/accounts/components/linked-accounts-section.js";
import { DeleteAccountSection } from "../../features/account-deletion/components/delete-account-section.js";
import { EmailSection } from "../../features/email/components/email-section.js";
import { PasskeysSection } from "../../features/passkeys/components/passkeys-section.js";
import { PasswordSection } from "../../features/password/components/password-section.js";
import { ProfileSection } from "../../features/profile/components/profile-section.js";
import { SessionsSection } from "../../features/sessions/components/sessions-section.js";
import { ApiKeysSection } from "../../features/api-keys/components/api-keys-section.js";
import { ConnectedAppsSection } from "../../features/connected-apps/components/connected-apps-section.js";
import { TwoFactorSection } from "../../features/two-factor/components/two-factor-section.js";
import { AppErrorFallback, ErrorBoundary } from "../error-boundary.js";
import { useSignInMethods } from "../../lib/sign-in-methods.js";
import { useTranslation, type MessageId } from "../../lib/i18n.js";

/** One failing section shows its error screen without taking the others down. */
function SectionBoundary({ children }: { children: ReactNode }): ReactElement {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          fallback={(error, resetBoundary) => (
            <div className="card">
              <AppErrorFallback error={error} reset={resetBoundary} />
            </div>
          )}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}

function PasswordAndDeletion({ twoFactorEnabled }: { twoFactorEnabled: boolean }): ReactElement {
  const accounts = useLinkedAccounts();
  const methods = useSignInMethods();
  const hasPassword = accounts.data?.some((account) => account.providerId === "credential") ?? false;
  const { t } = useTranslation();
  if (accounts.isPending) return <p role="status">{t("common.loading")}</p>;
  return (
    <>
      <PasswordSection hasPassword={hasPassword} passwordSignIn={methods.email} />
      <TwoFactorSection enabled={twoFactorEnabled} hasPassword={hasPassword} />
      <DeleteAccountSection hasPassword={hasPassword} />
    </>
  );
}

/** The sections' anchors and their names in the table of contents, in the page's order. */
const SECTIONS = [
  ["profile", "settings.toc.profile"],
  ["email", "settings.toc.email"],
  ["passkeys", "settings.toc.passkeys"],
  ["accounts", "settings.toc.accounts"],
  ["api-keys", "settings.toc.apiKeys"],
  ["connected-apps", "settings.toc.connectedApps"],
  ["sessions", "settings.toc.sessions"],
  ["password", "settings.toc.password"],
  ["two-factor", "settings.toc.twoFactor"],
  ["delete-account", "settings.toc.deleteAccount"],
] as const satisfies ReadonlyArray<readonly [string, MessageId]>;

/** /settings: the security center (docs/design.md, Pages). */
export function SettingsPage(): ReactElement {
  const session = useSession();
  const data = session.data;
  const { hash } = useLocation();
  const loaded = Boolean(data);
  const { t } = useTranslation();
  // Links such as /settings#passkeys (from the dashboard) land on their section.
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);
  if (!data) return <p role="status">{t("common.loading")}</p>;
  return (
    <article className="page">
      <h1>{t("settings.heading")}</h1>
      <p className="lead">{t("settings.lead")}</p>
      {data.session.impersonatedBy && (
        <p className="notice" role="note">
          {t("settings.impersonating", { name: data.user.name || data.user.email })}
        </p>
      )}
      <nav className="toc" aria-label={t("settings.toc")}>
        {/* In the order of the sections below. */}
        {SECTIONS.map(([anchor, label], index) => (
          <Fragment key={anchor}>
            {index > 0 && " "}
            <a href={`#${anchor}`}>{t(label)}</a>
          </Fragment>
        ))}
      </nav>
      <div className="grid">
        <SectionBoundary>
          <ProfileSection key={data.user.id} user={data.user} />
        </SectionBoundary>
        <SectionBoundary>
          <EmailSection user={data.user} />
        </SectionBoundary>
        <SectionBoundary>
          <PasskeysSection />
        </SectionBoundary>
        <SectionBoundary>
          <LinkedAccountsSection />
        </SectionBoundary>
        <SectionBoundary>
          <ApiKeysSection scope={{ kind: "personal" }} />
        </SectionBoundary>
        <SectionBoundary>
          <ConnectedAppsSection />
        </SectionBoundary>
        <SectionBoundary>
          <SessionsSection currentSessionId={data.session.id} />
        </SectionBoundary>
        <SectionBoundary>
          <PasswordAndDeletion twoFactorEnabled={data.user.twoFactorEnabled} />
        </SectionBoundary>
      </div>
    </article>
  );
}
