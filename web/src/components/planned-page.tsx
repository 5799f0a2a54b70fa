import type { ReactElement, ReactNode } from "react";

export interface PlannedPageProps {
  title: string;
  intro: string;
  /** What the page will hold once the issue that builds it lands. */
  plans: string[];
  children?: ReactNode;
}

/** A page whose data is not built yet: its title and what it will hold, never invented data. */
export function PlannedPage({ title, intro, plans, children }: PlannedPageProps): ReactElement {
  return (
    <article className="page">
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
      {children}
      <section className="card" aria-labelledby="planned-heading">
        <h2 id="planned-heading">Coming here</h2>
        <ul>
          {plans.map((plan) => (
            <li key={plan}>{plan}</li>
          ))}
        </ul>
        <p className="muted">This page shows no data yet: the service that provides it has not been built.</p>
      </section>
    </article>
  );
}
