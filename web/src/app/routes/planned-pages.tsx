import type { ReactElement } from "react";
import { PlannedPage } from "../../components/planned-page.js";

export function AnalyticsPage(): ReactElement {
  return (
    <PlannedPage
      title="Analytics"
      intro="Sign-in activity over time, from the security event log."
      plans={[
        "Sign-ins per day, per method (Google or another provider, passkey, password), successes against failures",
        "The same for your organization, for owners and admins",
      ]}
    />
  );
}

export function ReportsPage(): ReactElement {
  return (
    <PlannedPage
      title="Reports"
      intro="The security event log as a table you can filter and export."
      plans={["Every sign-in, sign-out, password, passkey and session event with its time and device", "Filters by type, outcome and date", "CSV export"]}
    />
  );
}

export function SubscribePage(): ReactElement {
  return (
    <PlannedPage
      title="Subscribe"
      intro="You are signed in. This is where your organization chooses and reviews its plan."
      plans={["The available plans and the one your organization is on", "Changing the plan (stored with the organization; no payment is taken)"]}
    />
  );
}

export function NotFoundPage(): ReactElement {
  return (
    <article className="page">
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address. Use the navigation above.</p>
    </article>
  );
}
