import type { ReactElement } from "react";
import { richText } from "../../../components/ui.js";
import { useTranslation } from "../../../lib/i18n.js";

export interface ImpersonationBannerProps {
  name: string;
  email: string;
  stopping: boolean;
  error: string | null;
  onStop: () => void;
}

/** On every page while an admin acts as someone: who, and the way back. */
export function ImpersonationBanner({ name, email, stopping, error, onStop }: ImpersonationBannerProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="impersonation-banner" role="region" aria-label={t("impersonation.label")}>
      <p>
        {richText(t("impersonation.actingAs", { name: name || email }), (who) => (
          <strong>{who}</strong>
        ))}
        {name ? <span className="muted"> ({email})</span> : null} —{" "}
        <button type="button" onClick={onStop} disabled={stopping}>
          {stopping ? t("impersonation.stopping") : t("impersonation.stop")}
        </button>
      </p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
