import type { ReactElement } from "react";
import { Link } from "react-router";

/** Shown instead of an organization's page when its rule asks this member for two-factor first. */
export function TwoFactorRequired({ organizationName }: { organizationName: string }): ReactElement {
  return (
    <section className="card" aria-labelledby="two-factor-required-heading">
      <h2 id="two-factor-required-heading">Two-factor authentication required</h2>
      <p>
        <strong>{organizationName}</strong> asks every member who signs in with a password to turn on two-factor authentication before opening its pages.
      </p>
      <p>
        <Link className="button" to="/settings#two-factor">
          Set up two-factor in Settings
        </Link>
      </p>
    </section>
  );
}
