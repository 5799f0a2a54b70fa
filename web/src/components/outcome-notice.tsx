import { useEffect, useState, type ReactElement } from "react";
import { useLocation, useNavigate } from "react-router";
import type { OutcomeFacts, readOutcome } from "../lib/url-outcomes.js";

/** Whether the address carries an outcome; the table itself loads only then (not in /login's first load). */
function hasOutcome(search: URLSearchParams): boolean {
  return search.has("error") || search.has("notice");
}

/**
 * Tells the outcome the address brought (`?error=` or `?notice=`, lib/url-outcomes.ts) where the
 * person lands, then takes the parameter out of the address (replace: no history entry). The
 * sentence stays until the next navigation to another page.
 */
export function OutcomeNotice({ facts }: { facts?: OutcomeFacts }): ReactElement | null {
  const location = useLocation();
  const navigate = useNavigate();
  // The address's outcome parameters, told at each render: the words may wait for the session (facts).
  const [shown, setShown] = useState<{ search: URLSearchParams; read: typeof readOutcome; pathname: string } | null>(null);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!hasOutcome(search)) {
      if (shown && shown.pathname !== location.pathname) setShown(null);
      return;
    }
    let active = true;
    // With the signed-in pages' catalog (components/ui.tsx), which words every outcome in the shown language.
    void Promise.all([import("../lib/url-outcomes.js"), import("./ui.js")]).then(([{ readOutcome, withoutOutcome }]) => {
      if (!active) return;
      setShown({ search, read: readOutcome, pathname: location.pathname });
      const rest = withoutOutcome(search).toString();
      void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash }, { replace: true, state: location.state });
    });
    return () => {
      active = false;
    };
  }, [location.pathname, location.search]);

  const outcome = shown ? shown.read(shown.search, facts) : null;
  if (!outcome) return null;
  const { tone, text } = outcome;
  return (
    <p className={`notice outcome-notice ${tone === "info" ? "" : tone}`} role={tone === "error" ? "alert" : "status"} data-testid="outcome-notice">
      {text}
    </p>
  );
}
