import type { ReactElement, ReactNode } from "react";
import { displayErrorMessage } from "../lib/error-messages.js";
import { useTranslation } from "../lib/i18n.js";
import "./pages.css";

export interface LoadingStateProps {
  /** What is loading, for the status line ("Loading your activity…"). */
  label: string;
}

/** A query on its way: announced to assistive technology as a status. */
export function LoadingState({ label }: LoadingStateProps): ReactElement {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded ("Your activity"), in the heading. */
  what?: string;
}

/** The error's message as a person reads it: never a transport text, a code or a field path. */
function messageOf(error: unknown): string {
  return displayErrorMessage(error);
}

/**
 * A failed query inside a page (spec §2's generic error, in place): the error's message and
 * Try Again, without taking the rest of the page down. Authentication errors do not get here:
 * the query cache sends them to the Authentication Required screen or to /login (spec §8).
 */
export function LoadError({ error, onRetry, what }: LoadErrorProps): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="card load-error" role="alert">
      <h2>{what ? t("common.couldNotLoad", { what }) : t("common.somethingWentWrong")}</h2>
      <p>{messageOf(error)}</p>
      <div className="actions">
        <button type="button" onClick={onRetry}>
          {t("common.tryAgain")}
        </button>
      </div>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** A query that answered with nothing to show: says so, and what the person can do. */
export function EmptyState({ title, children }: EmptyStateProps): ReactElement {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}
