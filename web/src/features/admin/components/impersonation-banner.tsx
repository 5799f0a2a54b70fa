import type { ReactElement } from "react";

export interface ImpersonationBannerProps {
  name: string;
  email: string;
  stopping: boolean;
  error: string | null;
  onStop: () => void;
}

/** On every page while an admin acts as someone: who, and the way back. */
export function ImpersonationBanner({ name, email, stopping, error, onStop }: ImpersonationBannerProps): ReactElement {
  return (
    <div className="impersonation-banner" role="region" aria-label="Impersonation">
      <p>
        You are acting as <strong>{name || email}</strong>
        {name ? <span className="muted"> ({email})</span> : null} —{" "}
        <button type="button" onClick={onStop} disabled={stopping}>
          {stopping ? "Stopping…" : "Stop"}
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
