import type { ReactElement } from "react";

export function NotFoundPage(): ReactElement {
  return (
    <article className="page">
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address. Use the navigation above.</p>
    </article>
  );
}
