import { useEffect, type ReactElement } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n.js";
import { useBrand } from "../../lib/shell-config.js";
import { LanguageSwitcher } from "../../components/language-switcher.js";

function useNotFoundTitle(): void {
  const { t } = useTranslation();
  const title = t("notFound.title", { app: useBrand().name });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** An address no page answers, for a signed-in person: inside the layout, under its navigation. */
export function NotFoundPage(): ReactElement {
  const { t } = useTranslation();
  useNotFoundTitle();
  return (
    <article className="page">
      <h1>{t("notFound.heading")}</h1>
      <p className="lead">{t("notFound.lead")}</p>
    </article>
  );
}

/** The same for a signed-out visitor (issue 48): a real 404, not the sign-in screen; it links there. */
export function SignedOutNotFoundPage(): ReactElement {
  const { t } = useTranslation();
  const brand = useBrand();
  useNotFoundTitle();
  return (
    <main id="main" className="login">
      <section className="card login-card" aria-labelledby="not-found-heading">
        {brand.logoUrl && <img className="brand-logo" src={brand.logoUrl} alt="" />}
        <h1 id="not-found-heading">{t("notFound.heading")}</h1>
        <p>{t("notFound.leadSignedOut")}</p>
        <p>
          <Link to="/login">{t("notFound.home")}</Link>
        </p>
        <LanguageSwitcher />
      </section>
    </main>
  );
}
