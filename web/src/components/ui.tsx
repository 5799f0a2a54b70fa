import type { ReactElement, ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import { actionErrorMessage } from "../lib/error-messages.js";

export interface SectionProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}

/** A titled card of the security center. */
export function Section({ id, title, description, children }: SectionProps): ReactElement {
  return (
    <section className="card" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

export interface ActionStatusProps {
  // Any mutation: only its state is read.
  mutation: Pick<UseMutationResult<unknown, unknown, never>, "isPending" | "isSuccess" | "isError" | "error">;
  pending: string;
  success: string;
  /** Overrides the message derived from the error (spec §8 wording). */
  errorMessage?: (error: unknown) => string;
}

/** Every action shows its progress, its success and the spec's error message. */
export function ActionStatus({ mutation, pending, success, errorMessage }: ActionStatusProps): ReactElement | null {
  if (mutation.isPending)
    return (
      <p className="notice" role="status">
        {pending}
      </p>
    );
  if (mutation.isError) {
    return (
      <p className="notice error" role="alert">
        {(errorMessage ?? actionErrorMessage)(mutation.error)}
      </p>
    );
  }
  if (mutation.isSuccess)
    return (
      <p className="notice success" role="status">
        {success}
      </p>
    );
  return null;
}

export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "unknown" : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
